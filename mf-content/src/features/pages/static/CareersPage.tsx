import { ProsePage } from '../ProsePage.tsx';

export default function CareersPage() {
  return (
    <ProsePage title="Careers" heading="Careers at RoomNest" lead="Help millions of people find a better place to live.">
      <p>
        RoomNest is a small team based in East London, building the marketplace we wished we had had when we were renting. We work in
        product, engineering, trust and safety, customer support and partnerships, and we are growing as we expand to Manchester and
        Birmingham.
      </p>
      <p>
        We work flexibly, with time together in our London office each week, and we care about clear writing, careful decisions and
        treating renters and landlords fairly.
      </p>
      <p>
        If you would like to join us, send your CV and a short note about the team you are interested in to{' '}
        <a href="mailto:careers@roomnest.co.uk">careers@roomnest.co.uk</a>. We read every application and reply to each one.
      </p>
    </ProsePage>
  );
}
