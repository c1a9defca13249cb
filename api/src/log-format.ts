/**
 * How log lines look: LOG_FORMAT `json` (one JSON object a line, for a log
 * collector) or `pretty` (one readable line an event, for a person at a
 * terminal). Unset: pretty when stdout is a terminal, JSON otherwise, so
 * `npm start` in a terminal reads well and a container's log stays machine-readable.
 *
 * Pretty lines are made in this thread, line by line (pino-pretty's
 * `prettyFactory` behind a plain destination), not in a worker-thread
 * transport: pino's `hooks.streamWrite` (log-redaction.ts) runs on the finished
 * JSON line before it reaches the destination, so a pretty line is made from
 * the redacted JSON and no secret can reach the terminal either; and nothing
 * is lost when the process exits right after logging.
 */
import { prettyFactory } from 'pino-pretty';
import { pino, type DestinationStream } from 'pino';

export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The format when LOG_FORMAT is unset: pretty for a person at a terminal, JSON for anything reading the output. */
export const defaultLogFormat = (stdoutIsTTY: boolean | undefined): LogFormat => (stdoutIsTTY ? 'pretty' : 'json');

/** A log line as pino writes it (the fields this file reads). */
interface LogLine {
  msg?: string;
  err?: { type?: string; message?: string };
  req?: { method?: string; url?: string; remoteAddress?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * The message of a pretty line. Fastify's two request lines carry their facts in `req` and `res` objects; they
 * become the message (`GET /api/listings?city=Leeds`, `200 in 4.2 ms`), so a request reads as two short lines. A
 * line with an error says the error's type and message after its own.
 */
function messageOf(log: LogLine, messageKey: string): string {
  const message = String((log as Record<string, unknown>)[messageKey] ?? '');
  if (log.err && typeof log.err === 'object' && log.err.message) return `${message}: ${log.err.type ?? 'Error'}: ${log.err.message}`;
  if (log.req && typeof log.req === 'object' && log.req.method) return `${message}: ${log.req.method} ${log.req.url ?? ''}`;
  if (log.res && typeof log.res === 'object' && log.res.statusCode !== undefined) {
    const time = typeof log.responseTime === 'number' ? ` in ${log.responseTime.toFixed(1)} ms` : '';
    return `${message}: ${log.res.statusCode}${time}`;
  }
  return message;
}

export interface PrettyOptions {
  /** Colours (default: when the terminal supports them; FORCE_COLOR and NO_COLOR are obeyed). */
  colorize?: boolean;
}

/** Turns one JSON log line into one readable line ending in a newline. */
export function prettyLine({ colorize }: PrettyOptions = {}): (line: string) => string {
  return prettyFactory({
    ...(colorize === undefined ? {} : { colorize }),
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // The request lines' objects are in the message already; pid and host say nothing at a terminal.
    ignore: 'pid,hostname,req,res,responseTime',
    // An error is a field like any other (its stack on the same line, escaped), not a block of lines: one event, one line.
    errorLikeObjectKeys: [],
    messageFormat: (log, messageKey) => messageOf(log as LogLine, messageKey),
  });
}

/**
 * Where a logger writes in `format`: for JSON, `out` itself (undefined: pino's own stdout destination); for pretty,
 * a destination that writes each line, made readable, to `out` (default: stdout, synchronously).
 */
export function logDestination(format: LogFormat, out?: DestinationStream, options: PrettyOptions = {}): DestinationStream | undefined {
  if (format === 'json') return out;
  const target = out ?? pino.destination({ dest: 1, sync: true });
  const pretty = prettyLine(options);
  return {
    write(chunk: string) {
      // pino writes one line a call; split anyway, so that nothing written together is lost.
      for (const line of chunk.split('\n')) if (line.trim()) target.write(pretty(line));
    },
  };
}
