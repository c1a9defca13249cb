/** Standalone entry: `npm run dev -w mf-content` shows this remote's pages on their own. */
import { ROUTES } from '@roomnest/shared';
import { mountStandalone } from '@roomnest/shared/standalone';
import ContentPage from './exposed/ContentPage.tsx';
import HomePage from './exposed/HomePage.tsx';

mountStandalone({
  title: 'mf-content',
  routes: [
    { path: ROUTES.home, element: <HomePage />, label: 'Home' },
    { path: ROUTES.pricing, element: <ContentPage />, label: 'Pricing' },
    { path: ROUTES.blog, element: <ContentPage />, label: 'Blog' },
    { path: ROUTES.aboutUs, element: <ContentPage />, label: 'About us' },
    { path: ROUTES.news, element: <ContentPage />, label: 'News' },
    { path: ROUTES.press, element: <ContentPage />, label: 'Press' },
    { path: ROUTES.contactUs, element: <ContentPage />, label: 'Contact' },
    { path: ROUTES.faq, element: <ContentPage />, label: 'FAQ' },
    { path: ROUTES.sitemap, element: <ContentPage />, label: 'Sitemap' },
    // Every other path goes to the content page registry, which shows the 404 text for unknown ones.
    { path: '*', element: <ContentPage /> },
  ],
});
