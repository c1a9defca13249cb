/**
 * The raw material of demo listings: the ten East London areas of the Home
 * page plus neighbourhoods of Manchester and Birmingham, each with real street
 * names, postcode sectors, nearby stations and a rent level; and the demo
 * landlords who advertise there.
 */
import { EAST_LONDON_AREAS } from '@roomnest/shared';

export type Region = 'London' | 'Manchester' | 'Birmingham';

export interface Area {
  /** Shown at the end of the address, e.g. '14 Mare Street, Hackney'. */
  name: string;
  region: Region;
  city: string;
  state: string;
  streets: readonly string[];
  /** Postcode sectors ('E8 3'); a unit's two letters are added. */
  sectors: readonly string[];
  stations: readonly string[];
  /** Rent level against the London-wide typical room. */
  rentFactor: number;
  /** Share of all listings, relative to the other areas. */
  weight: number;
  /** Chance of off-street parking. */
  parking: number;
}

const london = (area: Omit<Area, 'region' | 'city' | 'state' | 'weight'>): Area => ({ ...area, region: 'London', city: 'London', state: 'Greater London', weight: 1 });
const manchester = (area: Omit<Area, 'region' | 'city' | 'state' | 'weight'>): Area => ({
  ...area,
  region: 'Manchester',
  city: 'Manchester',
  state: 'Greater Manchester',
  weight: 0.25,
});
const birmingham = (area: Omit<Area, 'region' | 'city' | 'state' | 'weight'>): Area => ({
  ...area,
  region: 'Birmingham',
  city: 'Birmingham',
  state: 'West Midlands',
  weight: 0.25,
});

export const AREAS: readonly Area[] = [
  london({
    name: 'Shoreditch',
    streets: ['Great Eastern Street', 'Curtain Road', 'Rivington Street', 'Hoxton Street', 'Redchurch Street', 'Charlotte Road', 'Kingsland Road', 'Calvert Avenue', 'Boundary Street', 'Old Street'],
    sectors: ['E1 6', 'E2 7', 'EC2A 3', 'EC2A 4', 'N1 6'],
    stations: ['Shoreditch High Street', 'Old Street', 'Hoxton'],
    rentFactor: 1.3,
    parking: 0.08,
  }),
  london({
    name: 'Canary Wharf',
    streets: ['Westferry Road', 'Marsh Wall', 'Manchester Road', 'Limeharbour', 'Millharbour', 'Byng Street', 'Harbinger Road', 'East Ferry Road', 'Cuba Street', 'Admirals Way'],
    sectors: ['E14 3', 'E14 4', 'E14 8', 'E14 9'],
    stations: ['Canary Wharf', 'South Quay', 'Heron Quays', 'Crossharbour'],
    rentFactor: 1.35,
    parking: 0.3,
  }),
  london({
    name: 'Stratford',
    streets: ['Romford Road', 'Great Eastern Road', 'Carpenters Road', 'Leyton Road', 'Maryland Street', 'Water Lane', 'Vicarage Lane', 'Windmill Lane', 'Major Road', 'West Ham Lane'],
    sectors: ['E15 1', 'E15 2', 'E15 3', 'E15 4', 'E20 1'],
    stations: ['Stratford', 'Maryland', 'Stratford High Street'],
    rentFactor: 1.05,
    parking: 0.2,
  }),
  london({
    name: 'Hackney',
    streets: ['Mare Street', 'Well Street', 'Morning Lane', 'Dalston Lane', 'Amhurst Road', 'Navarino Road', 'Lauriston Road', 'Victoria Park Road', 'Graham Road', 'Richmond Road'],
    sectors: ['E8 1', 'E8 2', 'E8 3', 'E9 6', 'E9 7', 'E5 8'],
    stations: ['Hackney Central', 'Hackney Downs', 'London Fields', 'Homerton'],
    rentFactor: 1.15,
    parking: 0.12,
  }),
  london({
    name: 'Bethnal Green',
    streets: ['Roman Road', 'Cambridge Heath Road', 'Old Ford Road', 'Bethnal Green Road', 'Globe Road', 'Columbia Road', 'Approach Road', 'Hackney Road', 'Cyprus Street', 'Sewardstone Road'],
    sectors: ['E2 0', 'E2 6', 'E2 9'],
    stations: ['Bethnal Green', 'Cambridge Heath'],
    rentFactor: 1.15,
    parking: 0.1,
  }),
  london({
    name: 'Whitechapel',
    streets: ['Whitechapel Road', 'Commercial Road', 'New Road', 'Fieldgate Street', 'Vallance Road', 'Cannon Street Road', 'Brady Street', 'Sidney Street', 'Stepney Way', 'Turner Street'],
    sectors: ['E1 1', 'E1 2', 'E1 3', 'E1 5'],
    stations: ['Whitechapel', 'Aldgate East', 'Stepney Green'],
    rentFactor: 1.1,
    parking: 0.1,
  }),
  london({
    name: 'Ilford',
    streets: ['Cranbrook Road', 'Ilford Lane', 'Balfour Road', 'Green Lane', 'Ley Street', 'Albert Road', 'Coventry Road', 'Belgrave Road', 'Wellesley Road', 'Mortlake Road'],
    sectors: ['IG1 1', 'IG1 2', 'IG1 3', 'IG1 4', 'IG3 8'],
    stations: ['Ilford', 'Seven Kings', 'Gants Hill'],
    rentFactor: 0.85,
    parking: 0.4,
  }),
  london({
    name: 'Newbury Park',
    streets: ['Eastern Avenue', 'Horns Road', 'Perrymans Farm Road', 'Ashurst Drive', 'Benton Road', 'Aldborough Road South', 'Oaks Lane', 'Gaysham Avenue', 'Hamilton Avenue', 'Cameron Road'],
    sectors: ['IG2 6', 'IG2 7', 'IG3 9'],
    stations: ['Newbury Park', 'Barkingside', 'Gants Hill'],
    rentFactor: 0.82,
    parking: 0.55,
  }),
  london({
    name: 'Romford',
    streets: ['South Street', 'Victoria Road', 'Main Road', 'Eastern Road', 'North Street', 'Mawney Road', 'London Road', 'Brentwood Road', 'Como Street', 'Heath Park Road'],
    sectors: ['RM1 1', 'RM1 3', 'RM1 4', 'RM2 5', 'RM7 0'],
    stations: ['Romford', 'Gidea Park'],
    rentFactor: 0.8,
    parking: 0.5,
  }),
  london({
    name: 'Barking',
    streets: ['Ripple Road', 'Longbridge Road', 'Station Parade', 'Upney Lane', 'Movers Lane', 'Tanner Street', 'North Street', 'East Street', 'Axe Street', 'Faircross Avenue'],
    sectors: ['IG11 7', 'IG11 8', 'IG11 9', 'IG11 0'],
    stations: ['Barking', 'Upney', 'East Ham'],
    rentFactor: 0.8,
    parking: 0.45,
  }),
  manchester({
    name: 'Northern Quarter',
    streets: ['Oldham Street', 'Thomas Street', 'Tib Street', 'Dale Street', 'Lever Street', 'High Street'],
    sectors: ['M1 1', 'M1 2', 'M4 1'],
    stations: ['Manchester Piccadilly', 'Market Street', 'Shudehill'],
    rentFactor: 0.8,
    parking: 0.1,
  }),
  manchester({
    name: 'Ancoats',
    streets: ['Blossom Street', 'Jersey Street', 'Great Ancoats Street', 'Redhill Street', 'Murray Street', 'Cutting Room Square'],
    sectors: ['M4 5', 'M4 6', 'M4 7'],
    stations: ['New Islington', 'Manchester Piccadilly'],
    rentFactor: 0.82,
    parking: 0.2,
  }),
  manchester({
    name: 'Didsbury',
    streets: ['Wilmslow Road', 'Lapwing Lane', 'Barlow Moor Road', 'School Lane', 'Palatine Road', 'Burton Road'],
    sectors: ['M20 2', 'M20 5', 'M20 6'],
    stations: ['East Didsbury', 'Didsbury Village', 'West Didsbury'],
    rentFactor: 0.75,
    parking: 0.45,
  }),
  manchester({
    name: 'Fallowfield',
    streets: ['Wilmslow Road', 'Ladybarn Lane', 'Mauldeth Road West', 'Landcross Road', 'Egerton Road', 'Platt Lane'],
    sectors: ['M14 6', 'M14 7'],
    stations: ['Burnage', 'Mauldeth Road'],
    rentFactor: 0.62,
    parking: 0.35,
  }),
  birmingham({
    name: 'Jewellery Quarter',
    streets: ['Vyse Street', 'Frederick Street', 'Caroline Street', 'Warstone Lane', 'Graham Street', 'Legge Lane'],
    sectors: ['B1 3', 'B18 6'],
    stations: ['Jewellery Quarter', 'St Paul’s'],
    rentFactor: 0.72,
    parking: 0.25,
  }),
  birmingham({
    name: 'Digbeth',
    streets: ['High Street Deritend', 'Bradford Street', 'Floodgate Street', 'Fazeley Street', 'River Street', 'Heath Mill Lane'],
    sectors: ['B5 5', 'B5 6', 'B12 0'],
    stations: ['Birmingham Moor Street', 'Birmingham New Street'],
    rentFactor: 0.68,
    parking: 0.2,
  }),
  birmingham({
    name: 'Edgbaston',
    streets: ['Hagley Road', 'Harborne Road', 'Calthorpe Road', 'Carpenter Road', 'Wheeleys Road', 'Church Road'],
    sectors: ['B15 1', 'B15 2', 'B15 3'],
    stations: ['Five Ways', 'Edgbaston Village'],
    rentFactor: 0.72,
    parking: 0.5,
  }),
  birmingham({
    name: 'Selly Oak',
    streets: ['Bristol Road', 'Tiverton Road', 'Heeley Road', 'Exeter Road', 'Dawlish Road', 'Raddlebarn Road'],
    sectors: ['B29 6', 'B29 7'],
    stations: ['Selly Oak', 'University'],
    rentFactor: 0.58,
    parking: 0.4,
  }),
];

// The Home page's location cards each need results.
for (const name of EAST_LONDON_AREAS) {
  if (!AREAS.some((a) => a.name === name)) throw new Error(`The demo catalogue has no area ${name}.`);
}

export interface DemoLandlord {
  name: string;
  email: string;
  region: Region;
  bio: string;
  phone: string;
}

/**
 * Extra landlords for the demo listings. They are on the Professional plan (so
 * their many listings respect the plan rules) and sign in with the demo
 * landlord's password.
 */
export const DEMO_LANDLORDS: readonly DemoLandlord[] = [
  { name: 'Eastside Lettings', email: 'eastside.lettings@roomnest.test', region: 'London', bio: 'Letting agent for house shares across Hackney, Bethnal Green and Shoreditch since 2009.', phone: '020 7946 0011' },
  { name: 'Hannah Okafor', email: 'hannah.okafor@roomnest.test', region: 'London', bio: 'I manage three family houses near Stratford and live five minutes away.', phone: '07700 900211' },
  { name: 'James Whitfield', email: 'james.whitfield@roomnest.test', region: 'London', bio: 'Small portfolio of refurbished flats in Canary Wharf and the Isle of Dogs.', phone: '07700 900212' },
  { name: 'Mehmet Yilmaz', email: 'mehmet.yilmaz@roomnest.test', region: 'London', bio: 'Friendly live-out landlord in Ilford and Newbury Park. Repairs done within the week.', phone: '07700 900213' },
  { name: 'Canal & Co Property', email: 'hello.canalco@roomnest.test', region: 'London', bio: 'Co-living houses with cleaners and fast broadband near the Regent’s Canal.', phone: '020 7946 0012' },
  { name: 'Sophie Turner', email: 'sophie.turner@roomnest.test', region: 'London', bio: 'I rent out rooms in my Victorian terrace in Hackney.', phone: '07700 900214' },
  { name: 'Rahul Mehta', email: 'rahul.mehta@roomnest.test', region: 'London', bio: 'Professional landlord with HMO-licensed houses in Whitechapel and Barking.', phone: '07700 900215' },
  { name: 'Grace Adeyemi', email: 'grace.adeyemi@roomnest.test', region: 'London', bio: 'Rooms in well-kept family homes around Romford and Barking.', phone: '07700 900216' },
  { name: 'Tom Gallagher', email: 'tom.gallagher@roomnest.test', region: 'London', bio: 'Three-storey house shares in Bethnal Green; tenants tend to stay for years.', phone: '07700 900217' },
  { name: 'Fatima Begum', email: 'fatima.begum@roomnest.test', region: 'London', bio: 'Rooms for students and young professionals in Whitechapel and Stratford.', phone: '07700 900218' },
  { name: 'Daniel Kowalski', email: 'daniel.kowalski@roomnest.test', region: 'London', bio: 'Newly built studios and rooms in Canary Wharf and Stratford.', phone: '07700 900219' },
  { name: 'Kwame Mensah', email: 'kwame.mensah@roomnest.test', region: 'London', bio: 'House shares in Ilford and Romford, a short walk from the Elizabeth line.', phone: '07700 900220' },
  { name: 'Northern Quarter Rooms', email: 'lettings.nqrooms@roomnest.test', region: 'Manchester', bio: 'Warehouse-conversion flatshares in central Manchester.', phone: '0161 496 0013' },
  { name: 'Chloe Evans', email: 'chloe.evans@roomnest.test', region: 'Manchester', bio: 'Rooms in Didsbury and Fallowfield, ideal for postgraduates and young professionals.', phone: '07700 900221' },
  { name: 'Lucy Chen', email: 'lucy.chen@roomnest.test', region: 'Manchester', bio: 'I let rooms in two renovated terraces in Ancoats.', phone: '07700 900222' },
  { name: 'Midland Flatshares', email: 'rooms.midland@roomnest.test', region: 'Birmingham', bio: 'Managed flatshares across central Birmingham, bills included.', phone: '0121 496 0014' },
  { name: 'William Carter', email: 'william.carter@roomnest.test', region: 'Birmingham', bio: 'Student and professional lets in Selly Oak and Edgbaston.', phone: '07700 900223' },
  { name: 'Aisha Rahman', email: 'aisha.rahman@roomnest.test', region: 'Birmingham', bio: 'Quiet rooms in the Jewellery Quarter and Digbeth.', phone: '07700 900224' },
];
