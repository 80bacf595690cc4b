export class Invoice {
  validate() {
    return false;
  }
}
