import { Dog } from "./animals";

export function talk(): string {
  const d: Dog = new Dog();
  return d.speak();
}
