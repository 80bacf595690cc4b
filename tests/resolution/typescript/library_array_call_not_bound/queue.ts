export class Queue {
  push(item: string): void {}
}

export class Stack {
  push(item: string): void {}
}
