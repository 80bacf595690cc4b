export class Other {
  log(msg) {
    return "";
  }
}
