export class Animal {
  speak() {
    return "...";
  }
}

export class Dog extends Animal {
  speak() {
    return "woof";
  }

  greet() {
    return this.speak();
  }
}
