/**
 * Undoes the usual defanging of indicators (`hxxp://`, `evil[.]com`, `1.2.3(.)4`, `user[@]mail.com`), so
 * a summary that writes an indicator defanged still counts as containing it.
 */
export function refang(text: string): string {
  return text
    .replace(/\bhxxp(s?):\/\//gi, 'http$1://')
    .replace(/\[(?:\.|dot)\]|\((?:\.|dot)\)|\{\.\}/gi, '.')
    .replace(/\[(?:@|at)\]|\((?:@|at)\)/gi, '@')
    .replace(/\[:\]\/\//g, '://');
}
