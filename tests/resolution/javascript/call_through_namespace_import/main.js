import * as text from "./text.js";

export function show(s) {
  return text.format(s);
}
