/**
 * Kinshasa time for the server's queries and texts: the helpers live in common/kinshasa.ts, which
 * the back-office's agenda shares (docs/decisions/038-kinshasa-time.md).
 */
export {
  addDays,
  KINSHASA_OFFSET_MS,
  kinshasaDate,
  kinshasaDateTime,
  kinshasaDayAndHour,
  kinshasaDayEnd,
  kinshasaDayStart,
  monthStart,
  WEEK_MS,
  weekStart,
} from '#common/kinshasa.ts';
