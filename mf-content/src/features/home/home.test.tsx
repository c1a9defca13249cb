import { EAST_LONDON_AREAS, HERO_ROTATE_MS, TEXTS } from '@roomnest/shared';
import { renderWithHost, TEST_USERS } from '@roomnest/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HomePage from './HomePage.tsx';

const activeSlide = (container: HTMLElement) => container.querySelector('img[data-active="true"]')?.getAttribute('data-slide');

describe('Home hero', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('has four background images and moves to the next one every 5000 ms', () => {
    vi.useFakeTimers();
    const { container } = renderWithHost(<HomePage />);
    const slides = [...container.querySelectorAll('img[data-slide]')];
    expect(slides).toHaveLength(4);
    expect(HERO_ROTATE_MS).toBe(5000);
    // Decorative: no alt text, hidden from assistive technology.
    for (const img of slides) expect(img.getAttribute('alt')).toBe('');
    const names = slides.map((img) => img.getAttribute('data-slide'));

    expect(activeSlide(container)).toBe(names[0]);
    act(() => vi.advanceTimersByTime(HERO_ROTATE_MS - 1));
    expect(activeSlide(container)).toBe(names[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(activeSlide(container)).toBe(names[1]);
    act(() => vi.advanceTimersByTime(HERO_ROTATE_MS));
    expect(activeSlide(container)).toBe(names[2]);
    act(() => vi.advanceTimersByTime(HERO_ROTATE_MS));
    expect(activeSlide(container)).toBe(names[3]);
    act(() => vi.advanceTimersByTime(HERO_ROTATE_MS));
    expect(activeSlide(container)).toBe(names[0]);
  });

  it('stops rotating when paused and resumes on play', () => {
    vi.useFakeTimers();
    const { container } = renderWithHost(<HomePage />);
    const first = activeSlide(container);
    fireEvent.click(screen.getByRole('button', { name: 'Pause background' }));
    act(() => vi.advanceTimersByTime(HERO_ROTATE_MS * 3));
    expect(activeSlide(container)).toBe(first);
    fireEvent.click(screen.getByRole('button', { name: 'Play background' }));
    act(() => vi.advanceTimersByTime(HERO_ROTATE_MS));
    expect(activeSlide(container)).not.toBe(first);
  });

  it('keeps the first image still under prefers-reduced-motion', () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({ matches: query.includes('reduce'), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    vi.useFakeTimers();
    const { container } = renderWithHost(<HomePage />);
    const first = activeSlide(container);
    act(() => vi.advanceTimersByTime(HERO_ROTATE_MS * 2));
    expect(activeSlide(container)).toBe(first);
    expect(screen.queryByRole('button', { name: 'Pause background' })).toBeNull();
  });

  it('makes the heading the page title', () => {
    renderWithHost(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Find your next room in London' })).toBeTruthy();
    expect(document.title).toBe('Rooms and flatmates to rent in London | RoomNest');
  });
});

const search = () => within(screen.getByRole('search', { name: 'Search rooms and flatmates' }));

describe('Home search box', () => {
  it('sends a rooms search to /rooms with city, minPrice and maxPrice', async () => {
    const user = userEvent.setup();
    const { location } = renderWithHost(<HomePage />);
    await user.type(search().getByLabelText('Location'), 'Hackney');
    await user.type(search().getByLabelText('Min rent (£/month)'), '500');
    await user.type(search().getByLabelText('Max rent (£/month)'), '950');
    await user.click(search().getByRole('button', { name: 'Search rooms' }));
    await waitFor(() => expect(location()).toBe('/rooms?city=Hackney&minPrice=500&maxPrice=950'));
  });

  it('leaves out empty values', async () => {
    const user = userEvent.setup();
    const { location } = renderWithHost(<HomePage />);
    await user.click(search().getByRole('button', { name: 'Search rooms' }));
    await waitFor(() => expect(location()).toBe('/rooms'));
  });

  it('sends only what was filled in, trimmed', async () => {
    const user = userEvent.setup();
    const { location } = renderWithHost(<HomePage />);
    await user.type(search().getByLabelText('Location'), '  Canary Wharf ');
    await user.type(search().getByLabelText('Max rent (£/month)'), '1200');
    await user.click(search().getByRole('button', { name: 'Search rooms' }));
    await waitFor(() => expect(location()).toBe('/rooms?city=Canary+Wharf&maxPrice=1200'));
  });

  it('refuses a max rent below the min rent', async () => {
    const user = userEvent.setup();
    const { location } = renderWithHost(<HomePage />);
    await user.type(search().getByLabelText('Min rent (£/month)'), '900');
    await user.type(search().getByLabelText('Max rent (£/month)'), '500');
    await user.click(search().getByRole('button', { name: 'Search rooms' }));
    expect(await search().findByText('Max rent must be at least the min rent.')).toBeTruthy();
    expect(location()).toBe('/');
  });

  it('sends a flatmates search to /flatmates with the location as city and preferred_locations, without rent fields', async () => {
    const user = userEvent.setup();
    const { location } = renderWithHost(<HomePage />);
    await user.type(search().getByLabelText('Min rent (£/month)'), '900');
    await user.click(search().getByRole('radio', { name: 'Flatmates' }));
    expect(search().getByRole('radio', { name: 'Flatmates' })).toHaveProperty('checked', true);
    expect(search().queryByLabelText('Min rent (£/month)')).toBeNull();
    expect(search().queryByLabelText('Max rent (£/month)')).toBeNull();
    await user.type(search().getByLabelText('Location'), 'Stratford');
    await user.click(search().getByRole('button', { name: 'Search flatmates' }));
    await waitFor(() => expect(location()).toBe('/flatmates?city=Stratford&preferred_locations=Stratford'));
  });

  it('sends an empty flatmates search to /flatmates', async () => {
    const user = userEvent.setup();
    const { location } = renderWithHost(<HomePage />);
    await user.click(search().getByRole('radio', { name: 'Flatmates' }));
    await user.click(search().getByRole('button', { name: 'Search flatmates' }));
    await waitFor(() => expect(location()).toBe('/flatmates'));
  });

  it('points Advanced Search at the rooms or flatmates search', async () => {
    const user = userEvent.setup();
    renderWithHost(<HomePage />);
    expect(search().getByRole('link', { name: 'Advanced Search' }).getAttribute('href')).toBe('/rooms');
    await user.click(search().getByRole('radio', { name: 'Flatmates' }));
    expect(search().getByRole('link', { name: 'Advanced Search' }).getAttribute('href')).toBe('/flatmates');
  });
});

describe.each(['List Your Room', 'Post Your Ad FREE'])('Home "%s" button', (label) => {
  it('sends a visitor to /login with the log-in message', async () => {
    const user = userEvent.setup();
    const { location } = renderWithHost(<HomePage />);
    await user.click(screen.getByRole('button', { name: label }));
    expect(await screen.findByText(TEXTS.loginToListRoom)).toBeTruthy();
    expect(location()).toBe('/login');
  });

  it('tells a tenant that only landlords can list rooms and stays on Home', async () => {
    const user = userEvent.setup();
    const { location } = renderWithHost(<HomePage />, { user: TEST_USERS.tenant });
    await user.click(screen.getByRole('button', { name: label }));
    expect(await screen.findByText(TEXTS.onlyLandlordsCanList)).toBeTruthy();
    expect(location()).toBe('/');
  });

  it('takes a landlord to /post-ad without a message', async () => {
    const user = userEvent.setup();
    const { location } = renderWithHost(<HomePage />, { user: TEST_USERS.landlord });
    await user.click(screen.getByRole('button', { name: label }));
    expect(location()).toBe('/post-ad');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Home sections', () => {
  it('explains how it works in three steps: Search, Connect, Move In', () => {
    renderWithHost(<HomePage />);
    const section = within(screen.getByRole('region', { name: 'From search to keys in three steps' }));
    expect(section.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['1. Search', '2. Connect', '3. Move In']);
  });

  it('links the ten East London areas to their room search, plus all of London', () => {
    renderWithHost(<HomePage />);
    const section = within(screen.getByRole('region', { name: 'Find a room where you want to live' }));
    const cards = section.getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    expect(EAST_LONDON_AREAS).toHaveLength(10);
    for (const area of EAST_LONDON_AREAS) {
      const link = section.getByRole('link', { name: `Rooms in ${area}` });
      const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
      expect(href.pathname).toBe('/rooms');
      expect(Object.fromEntries(href.searchParams)).toEqual({ city: 'London', address: area });
    }
    expect(section.getByRole('link', { name: 'Rooms in Canary Wharf' }).getAttribute('href')).toBe('/rooms?city=London&address=Canary+Wharf');
    expect(section.getByRole('link', { name: /View More in London/ }).getAttribute('href')).toBe('/rooms?city=London');
  });

  it('shows two testimonials with names', () => {
    renderWithHost(<HomePage />);
    const section = within(screen.getByRole('region', { name: 'Renters and landlords on RoomNest' }));
    expect(section.getAllByRole('figure')).toHaveLength(2);
    expect(section.getByText('Priya Sharma')).toBeTruthy();
    expect(section.getByText('David Okafor')).toBeTruthy();
  });
});
