import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';

export default function AdvicePage() {
  return (
    <ProsePage title="Advice" heading="Renting advice" lead="Practical guidance for finding, paying for and living in a room in the UK.">
      <p>
        <strong>Work out your budget first.</strong> A common rule of thumb is to keep rent to around a third of your take-home pay.
        Remember the costs beyond rent: a room with bills included usually covers energy, water and broadband, and sometimes council
        tax, so compare like with like.
      </p>
      <p>
        <strong>Know what you are signing.</strong> Renting from a landlord who lives elsewhere usually gives you a tenancy; living
        with your landlord makes you a lodger, with fewer protections. Our guide to{' '}
        <Link to={ROUTES.blogPost('understanding-tenancy-agreement')}>understanding your tenancy agreement</Link> explains the
        differences.
      </p>
      <p>
        <strong>Choose flatmates as carefully as the room.</strong> Agree how bills are split and what a clean kitchen means before you
        move in; our <Link to={ROUTES.blogPost('tips-finding-flatmate')}>flatmate tips</Link> list the questions worth asking.
      </p>
    </ProsePage>
  );
}
