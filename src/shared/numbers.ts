/**
 * 200000 as "200,000", without Intl. The first Intl formatter a page makes loads the locale data: about 30 ms of a fast
 * machine's main thread as a screen starts, several times that on a phone (decisions 0140 and 0141). The screens
 * write their numbers in English only, so this is all the locale they need.
 */
export const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
