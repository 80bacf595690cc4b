export class Other {
  save(item) {
    return null;
  }
}
