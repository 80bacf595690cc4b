export class Cat {
  speak() {
    return "meow";
  }
}
