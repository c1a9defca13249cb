/**
 * Secrets never reach the server log, whatever the level. Reset links
 * (`/reset-password?token=…`), newsletter links, live-stream tickets
 * (`?ticket=…`), bearer tokens and cookies travel in URLs and headers, and a
 * URL is logged in many places: every request line, a browser's failure
 * report, an error's message. So the check runs on each finished log line,
 * just before it is written (pino's `hooks.streamWrite`), not on the few
 * fields known today:
 *
 * - in any URL or query string in the line, the value of a parameter whose
 *   name says it is secret becomes `[redacted]` (`?token=[redacted]&page=2`);
 * - any JSON property whose name says it is secret (`authorization`,
 *   `cookie`, `set-cookie`, `password`, `token`, …) holding a string or a list
 *   of strings becomes `"[redacted]"`, at any depth.
 */

export const REDACTED = '[redacted]';

/** Parameter and property names that hold secrets: exact names, and parts of names (`reset_token`, `X-Amz-Signature`). */
const SECRET_NAME = /^(?:key|sig|pwd|pass|code|jwt|otp|pin)$|token|ticket|passw|secret|auth|cookie|session|signature|api[-_]?key|credential/i;

export const isSecretName = (name: string): boolean => {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A broken %-encoding: judge the name as written.
  }
  return SECRET_NAME.test(decoded.trim());
};

/**
 * `?name=value`, `&name=value`, `;name=value` and `#name=value`, also %-encoded (`%3F`, `%26`, `%23`, `%3D`): the value
 * runs to the next separator, white space or the end of the JSON string (escapes such as `\"` are part of it).
 */
const URL_PARAMETER = /([?&;#]|%3f|%26|%23)((?:(?!%3d|%26|%23)[^=&;#?\s"\\]){1,100})(=|%3d)((?:(?!%26|%23)[^&;#\s"\\]|\\.)*)/gi;

/** A JSON property whose value is a string or an array of strings. */
const JSON_PROPERTY = /"((?:[^"\\]|\\.){1,100})":("(?:[^"\\]|\\.)*"|\[(?:"(?:[^"\\]|\\.)*",?)*\])/g;

/** A cheap first look: only lines that could hold a secret go through the replacements. */
const MAYBE_SECRET = /key|sig|pwd|pass|code|jwt|otp|pin|token|ticket|secret|auth|cookie|session|credential|%/i;

/** The log line (or any text) with every secret parameter value and secret property replaced by `[redacted]`. */
export function redactSecrets(line: string): string {
  if (!MAYBE_SECRET.test(line)) return line;
  return line
    .replace(URL_PARAMETER, (whole, separator: string, name: string, equals: string, value: string) =>
      value !== '' && value !== REDACTED && isSecretName(name) ? `${separator}${name}${equals}${REDACTED}` : whole,
    )
    .replace(JSON_PROPERTY, (whole, name: string) => (isSecretName(name) ? `"${name}":"${REDACTED}"` : whole));
}
