import { LOG_LEVELS, type LogLevel } from './config-schema.ts';

/** Structured logs: one JSON object a line, with `time`, `level` and `msg`. */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** A logger writing lines at `level` or above to `write` (stdout by default). */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const at = (name: Exclude<LogLevel, 'silent'>) => {
    if (LOG_LEVELS.indexOf(name) < threshold) return () => {};
    return (msg: string, fields: Record<string, unknown> = {}) => {
      const error = fields.error instanceof Error ? { error: fields.error.message, stack: fields.error.stack } : {};
      write(`${JSON.stringify({ time: new Date().toISOString(), level: name, msg, ...fields, ...error })}\n`);
    };
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
