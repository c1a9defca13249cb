/**
 * Every user-facing text of the product in one place, word for word: they are
 * requirements (docs/product.md, Texts). Screens and the server both read them from here.
 */
export const TEXTS = {
  notFound: 'Sorry, the page you are looking for does not exist.',

  // Session
  loginGreeting: (name: string | undefined | null) => `Hi, ${name && name.trim() ? name : 'User'}! 👋`,
  sessionExpired: 'Your session has expired. Please log in again.',

  // Validation
  passwordsDoNotMatch: 'Passwords do not match!',
  passwordTooShort: 'Password must be at least 6 characters long.',
  // Ours, beyond the original texts: new passwords (registration, reset) that are only spaces or among the most common ones.
  passwordBlank: 'Password cannot be only spaces.',
  passwordTooCommon: 'This password is too common and easy to guess. Please choose another one.',
  accountTypeRequired: 'Please select an account type (Tenant or Landlord).',
  nameRequired: 'Please enter your full name.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter your password.',
  postAdRequired:
    'Please fill in all required fields: Title, Address, City, State, ZipCode, Room Type, Rent, and Available Date.',
  selectNewStatus: 'Please select a new status.',

  // Roles and guards
  loginToListRoom: 'Please log in to list your room',
  onlyLandlordsCanList: 'Only landlords can list rooms. Please update your profile type.',
  contactLandlordLogin: 'Please sign up or log in to contact the landlord.',
  accessDenied: 'Access Denied: You do not have permission to view this page.',
  myListingsDenied: 'Access denied. Only landlords can manage ads.',
  messagesLoginRequired: 'You must be logged in to view messages.',
  loginRequired: 'Please log in to continue.',

  // Error catalogue
  loginFailed: 'Login failed. Please check credentials.',
  serverError: (status: number | string) => `Server Error: ${status}`,
  signupFailed: 'Signup failed. Please try again.',
  signupSucceeded: 'Account created! Please log in to continue.',
  roomsEmpty: 'No rooms found matching your criteria.',
  roomsFailed: 'Failed to fetch rooms. Please try again later.',
  roomDetailsFailed: 'Failed to load room details.',
  roomNotFound: 'Room not found.',
  landlordUnavailable: 'Landlord information is not available.',
  deleteRoomFailed: 'Failed to delete room.',
  deleteListingFailed: 'Failed to delete listing.',
  postFailed: 'Failed to post room. Please try again.',
  editLoadFailed: 'Failed to load listing data.',
  updateFailed: 'Failed to update listing.',
  statusUpdateFailed: 'Failed to update status.',
  myListingsFailed: 'Failed to load your listings.',
  profileLoadFailed: 'Failed to load your profile data.',
  profileSaveFailed: 'Failed to save profile details.',
  profileListFailed: 'Failed to list profile',
  profileUnlistFailed: 'Failed to unlist profile',
  deleteAccountFailed: 'Failed to delete account.',
  flatmatesFailed: 'Failed to load flatmate profiles.',
  flatmatesEmpty: 'No flatmate profiles match your criteria. Try broadening your search!',
  conversationsFailed: 'Failed to load your conversations.',
  messagesFailed: 'Failed to load messages.',
  sendFailed: 'Failed to send message.',
  unreadCountFailed: 'Failed to fetch unread messages count',
  blogPostNotFound: 'Post Not Found',

  // Listings, ours beyond the original texts: renewing, the available date, coming back to contact a landlord
  renewFailed: 'Failed to renew listing.',
  availableDatePast: 'Available date cannot be in the past.',
  contactLandlordReady: 'You’re logged in — contact the landlord.',

  // Remote module boundary
  remoteUnavailable: 'This part of the site could not be loaded right now.',
  remoteLoading: 'Loading…',
  retry: 'Retry',
} as const;

/** Server-side messages (API error bodies). */
export const API_TEXTS = {
  validationFailed: 'Some fields are missing or invalid.',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  registered: 'Registration successful. Please log in.',
  loggedIn: 'Login successful.',
  unauthenticated: 'Authentication required. Please log in.',
  tokenInvalid: 'Your session is invalid or has expired. Please log in again.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  routeNotFound: (method: string, url: string) => `No such endpoint: ${method} ${url}`,
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A wait in words for a 429 answer: "45 seconds", "1 minute", "15 minutes", "2 hours". */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return unit(s, 'second');
  if (s < 2 * 3600) return unit(Math.ceil(s / 60), 'minute');
  return unit(Math.ceil(s / 3600), 'hour');
}

/** The API's 429 answers (rate limits), with how long to wait; the screens show the server's message. */
export const RATE_LIMIT_TEXTS = {
  login: (wait: string) => `Too many failed login attempts. Please wait ${wait} and try again, or reset your password.`,
  register: (wait: string) => `Too many sign-ups from your network. Please wait ${wait} and try again.`,
  passwordReset: (wait: string) => `Too many password reset requests for this email. Please wait ${wait} and try again.`,
  passwordResetIp: (wait: string) => `Too many password reset requests from your network. Please wait ${wait} and try again.`,
  newsletter: (wait: string) => `Too many newsletter sign-ups from your network. Please wait ${wait} and try again.`,
  messages: (wait: string) => `You are sending messages too quickly. Please wait ${wait} and try again.`,
  clientErrors: (wait: string) => `Too many error reports from your network. Please wait ${wait}.`,
} as const;

/** Image upload answers of the API (listing photos, profile pictures); the browser may show them before sending too. */
export const UPLOAD_TEXTS = {
  imageType: 'Please upload a PNG, JPEG or GIF image.',
  imageTooLarge: 'The image is too large: please upload one of 5 MB or less.',
  imageTooManyPixels: 'The image is too large: please upload one of at most 50 megapixels.',
  imageUnreadable: 'The image could not be read; it may be damaged. Please upload another PNG, JPEG or GIF image.',
  notMultipart: 'Please send this form as multipart/form-data.',
  malformed: 'The form data could not be read. Please try again.',
  oneImage: 'Please upload one image at most.',
  tooManyFields: 'The form has too many fields.',
  fieldTooLong: (field: string) => `${field} is too long.`,
  unexpectedFile: (field: string, expected: string) => `Unexpected file in ${field}: send the image as ${expected}.`,
  /** Listing photos: each sentence about one file names it, so the page can show it beside that file. */
  photoTooLarge: (file: string) => `${file} is too large: please choose a photo of 10 MB or less.`,
  photoType: (file: string) => `${file} is not a photo we can use: please choose a PNG, JPEG, GIF or WebP image.`,
  photoHeic: (file: string) =>
    `${file} is a HEIC photo, which we cannot read yet: please choose it as a JPEG (on an iPhone, choosing it from the photo library in the browser sends a JPEG).`,
  photoTooManyPixels: (file: string) => `${file} is too large: please choose a photo of at most 50 megapixels.`,
  photoUnreadable: (file: string) => `${file} could not be read; it may be damaged. Please choose another photo.`,
  tooManyPhotos: (file: string, max: number) => `${file} was not added: a listing can have at most ${max} photos.`,
  noPhotos: 'Please choose at least one photo.',
  /** A form larger than ten photos at their limit: no one file to name. */
  photoFormTooLarge: 'This form is too large: please send at most 10 photos of 10 MB or less each.',
} as const;

/** Saved rooms, saved searches and their emails: the API's answers and the screens' words. */
export const SAVED_TEXTS = {
  roomSaved: 'Room saved.',
  roomUnsaved: 'Room removed from your saved rooms.',
  roomNotFound: 'Listing not found.',
  loginToSave: 'Log in to save rooms. We will bring you back here with this room saved.',
  saveFailed: 'We could not save this room. Please try again.',
  unsaveFailed: 'We could not remove this room from your saved rooms. Please try again.',
  tooManyRooms: (max: number) => `You can save at most ${max} rooms. Remove one you no longer need to save this one.`,
  nameRequired: 'Please give the search a name.',
  criteriaRequired: 'Please give the search’s Criteria: the parameters of a room search (an empty object for any room).',
  searchSaved: 'Search saved.',
  searchUpdated: 'Search updated.',
  searchDeleted: 'Search deleted.',
  searchNotFound: 'Saved search not found.',
  tooManySearches: (max: number) => `You can save at most ${max} searches. Delete one you no longer need to save this one.`,
  emailSettingsSaved: 'Email settings saved.',
} as const;

/** The one-click unsubscribe of notification emails: the API's answers and the page at EMAIL_PAGES.unsubscribe. */
export const UNSUBSCRIBE_TEXTS = {
  messagesOff: 'Done: you will no longer get emails about unread messages. You can turn them back on in your email settings.',
  searchOff: (name: string) => `Done: you will no longer get emails about your saved search “${name}”. Its alerts are now off; you can turn them back on on your saved searches page.`,
  searchGone: 'That saved search no longer exists, so it sends no more emails.',
  accountGone: 'That account no longer exists, so it gets no more emails.',
  invalidToken: 'This unsubscribe link is not valid. Open the link from the email again, or change your email settings on My Profile.',
  postOnly: 'Opening this address changes nothing: to stop these emails, press the button on the page the email links to, or use your mail app’s unsubscribe.',
  pageTitle: 'Stop these emails',
  explainMessages: 'Stop the emails RoomNest sends you when a message has been waiting unread for a while? You will still see every message in RoomNest.',
  explainSearch: 'Stop the alert emails of this saved search? The search stays saved, with its alerts set to Off; your other saved searches go on as before.',
  explainOther: 'Stop these emails from RoomNest?',
  confirm: 'Stop these emails',
  working: 'Stopping…',
  /** When the server's answer has no sentence of its own. */
  done: 'Done: these emails are stopped. You can turn them back on in your email settings.',
  settingsLink: 'Your email settings',
  missingToken: 'This page needs the link from a RoomNest email. Open the link from the email again, or change your email settings on My Profile.',
} as const;
