/**
 * The company's wall clock: an instant read in the settings' time zone (businessHours.timeZone),
 * daylight saving included. The rules that say "at 09:00 company time" or "today" read it.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 0-23 */
  hour: number;
  /** 'HH:MM' */
  time: string;
}

/** `ms` on the wall clock of `timeZone` (an IANA name the settings validated). */
export function wallClock(ms: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts.hour) % 24;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour,
    time: `${String(hour).padStart(2, '0')}:${parts.minute}`,
  };
}

/** 'YYYY-MM-DD HH:MM' in `timeZone`, as the company's mails print a time. */
export function wallClockText(ms: number, timeZone: string): string {
  const clock = wallClock(ms, timeZone);
  return `${clock.date} ${clock.time}`;
}
