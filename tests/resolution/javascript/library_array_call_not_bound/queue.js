export class Queue {
  push(item) {}
}

export class Stack {
  push(item) {}
}
