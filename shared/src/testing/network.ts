/**
 * The network of a unit test: `fetch` stubbed with one handler that sees every
 * request (RTK Query sends `Request` objects), plus a record of the calls.
 * Only for unit tests; the end-to-end suites run against the real server.
 */
import { vi } from 'vitest';
import type { Listing } from '../domain.ts';

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers a request, or returns undefined for the default: 404 `{ message: 'Not found.' }`. */
export type FetchHandler = (request: Request, url: URL) => Response | undefined | Promise<Response | undefined>;

export interface StubbedNetwork {
  calls: Request[];
  /** Requests to `path` (pathname only), optionally of one method. */
  callsTo: (path: string, method?: string) => Request[];
}

export function stubFetch(handler: FetchHandler): StubbedNetwork {
  const calls: Request[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
    calls.push(request);
    const answer = await handler(request.clone(), new URL(request.url));
    return answer ?? json({ message: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  // Uploads with progress go by XMLHttpRequest (shared/src/client/upload.ts): the same handler answers them.
  vi.stubGlobal('XMLHttpRequest', stubXhr((request) => fetchMock(request)));
  return {
    calls,
    callsTo: (path, method) => calls.filter((r) => new URL(r.url).pathname === path && (!method || r.method === method)),
  };
}

/** A complete Listing as the API sends it; override what a test is about. */
export function listingFixture(overrides: Partial<Listing> = {}): Listing {
  return {
    ListingID: 1,
    LandlordID: 202,
    LandlordName: 'Rajesh Patel',
    LandlordProfilePictureURL: null,
    LandlordEmailVerified: false,
    Title: 'Bright double room near London Fields',
    Description:
      'A sunny double room in a friendly three-bedroom Victorian terrace, two minutes from London Fields and Broadway Market. Shared kitchen and garden.',
    Address: '14 Mare Street, Hackney',
    City: 'London',
    State: 'Greater London',
    ZipCode: 'E8 4RP',
    RoomType: 'Double',
    Rent: 950,
    Deposit: 1100,
    AvailableDate: '2026-11-22',
    ImageUrl: '/uploads/listings/room-1.jpg',
    ThumbnailUrl: '/uploads/listings/room-1-card.webp',
    Photos: [{ PhotoID: 1, Url: '/uploads/listings/room-1.jpg', ThumbUrl: '/uploads/listings/room-1-card.webp', Width: 1600, Height: 1200 }],
    Amenities: [
      { AmenityID: 1, Name: 'WiFi' },
      { AmenityID: 4, Name: 'Furnished' },
      { AmenityID: 9, Name: 'Bills Included' },
    ],
    AmenitiesNames: 'WiFi, Furnished, Bills Included',
    LeaseTerms: '12-month AST, bills included',
    PetPolicy: 'Case-by-Case',
    SmokingPolicy: 'Outside Only',
    Status: 'Available',
    CreatedAt: '2026-10-23T09:30:00.000Z',
    ExpiresAt: '2026-11-22T09:30:00.000Z',
    ...overrides,
  };
}

type Listener = (event: ProgressEvent) => void;

/**
 * A stand-in XMLHttpRequest that sends through `send` (the stubbed fetch): it reports the body's upload
 * progress at a half and at the whole, then the answer, as a browser does for a small upload.
 */
function stubXhr(send: (request: Request) => Promise<Response>) {
  return class StubXhr {
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers = new Headers();
    private listeners = new Map<string, Listener[]>();
    private aborted = false;
    readonly upload = {
      listeners: [] as Listener[],
      addEventListener: (type: string, listener: Listener) => {
        if (type === 'progress') this.upload.listeners.push(listener);
      },
    };
    open(method: string, url: string) {
      this.method = method;
      this.url = new URL(url, window.location.href).href;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    private emit(type: string) {
      for (const listener of this.listeners.get(type) ?? []) listener(new ProgressEvent(type));
    }
    abort() {
      this.aborted = true;
      this.emit('abort');
    }
    send(body: XMLHttpRequestBodyInit | null) {
      const request = new Request(this.url, { method: this.method, headers: this.headers, body });
      void (async () => {
        for (const loaded of [50, 100]) {
          for (const listener of this.upload.listeners) listener(new ProgressEvent('progress', { lengthComputable: true, loaded, total: 100 }));
          await Promise.resolve();
        }
        try {
          const response = await send(request);
          if (this.aborted) return;
          this.status = response.status;
          this.responseText = await response.text();
          this.emit('load');
        } catch {
          if (!this.aborted) this.emit('error');
        }
      })();
    }
  };
}
