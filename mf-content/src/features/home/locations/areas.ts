import { EAST_LONDON_AREAS } from '@roomnest/shared';

type Area = (typeof EAST_LONDON_AREAS)[number];

export interface AreaGuide {
  borough: string;
  postcode: string;
  description: string;
  transport: string;
  tone: 'teal' | 'sunset' | 'dusk' | 'mint' | 'amber';
}

/** A short, honest guide to each East London area on the Home page. */
export const AREA_GUIDES: Record<Area, AreaGuide> = {
  Shoreditch: {
    borough: 'Hackney',
    postcode: 'E1 · E2 · EC2A',
    description: 'Street art, independent coffee and the start-ups around Old Street, with the City a short walk away.',
    transport: 'Overground, Northern line',
    tone: 'dusk',
  },
  'Canary Wharf': {
    borough: 'Tower Hamlets',
    postcode: 'E14',
    description: 'The glass towers of the financial district, with modern waterside flats and a quick commute almost anywhere.',
    transport: 'Elizabeth line, Jubilee line, DLR',
    tone: 'teal',
  },
  Stratford: {
    borough: 'Newham',
    postcode: 'E15 · E20',
    description: 'Queen Elizabeth Olympic Park, Westfield and new-build flatshares around one of London’s best-connected stations.',
    transport: 'Elizabeth, Central and Jubilee lines, DLR',
    tone: 'sunset',
  },
  Hackney: {
    borough: 'Hackney',
    postcode: 'E8 · E9',
    description: 'Victorian terraces, London Fields and Broadway Market, with a creative crowd and plenty of shared houses.',
    transport: 'Overground',
    tone: 'mint',
  },
  'Bethnal Green': {
    borough: 'Tower Hamlets',
    postcode: 'E2',
    description: 'Columbia Road flower market, Victoria Park on the doorstep and good-value rooms in period conversions.',
    transport: 'Central line, Overground',
    tone: 'amber',
  },
  Whitechapel: {
    borough: 'Tower Hamlets',
    postcode: 'E1',
    description: 'Brick Lane, the Whitechapel Gallery and the Royal London Hospital, popular with students and NHS staff.',
    transport: 'Elizabeth line, District, Overground',
    tone: 'teal',
  },
  Ilford: {
    borough: 'Redbridge',
    postcode: 'IG1',
    description: 'A busy town centre and Valentines Park, with bigger rooms for the money and a fast ride into the City.',
    transport: 'Elizabeth line',
    tone: 'dusk',
  },
  'Newbury Park': {
    borough: 'Redbridge',
    postcode: 'IG2',
    description: 'A quiet residential suburb of semi-detached houses and gardens, with calm house shares and easy road links.',
    transport: 'Central line',
    tone: 'mint',
  },
  Romford: {
    borough: 'Havering',
    postcode: 'RM1',
    description: 'An old market town with big shopping centres and nightlife, and some of the lowest room rents in London.',
    transport: 'Elizabeth line, Overground',
    tone: 'sunset',
  },
  Barking: {
    borough: 'Barking and Dagenham',
    postcode: 'IG11',
    description: 'Fast trains to Fenchurch Street, new homes at Barking Riverside and rents well below the London average.',
    transport: 'District, Hammersmith & City, c2c',
    tone: 'amber',
  },
};
