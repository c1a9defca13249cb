import s from './logo.module.css';

/** The RoomNest mark and wordmark. */
export function Logo() {
  return (
    <span className={s.logo}>
      <svg className={s.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className={s.tile} />
        <path d="M8 16.5 16 9l8 7.5V24a1 1 0 0 1-1 1h-4.5v-5.5h-5V25H9a1 1 0 0 1-1-1z" className={s.house} />
      </svg>
      <span className={s.word} data-part="word">
        Room<span className={s.nest}>Nest</span>
      </span>
    </span>
  );
}
