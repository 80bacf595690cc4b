export class Order {
  validate() {
    return true;
  }

  submit() {
    return this.validate();
  }
}
