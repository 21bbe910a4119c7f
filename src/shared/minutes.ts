/** '45 min', '1 h', '1 h 8 min': a duration as the app writes it everywhere (a negative one as its size). */
export function formatMinutes(minutes: number) {
  const whole = Math.round(Math.abs(minutes));
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
