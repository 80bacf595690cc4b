// React components in TSX: props interfaces, hooks, JSX components and class components.
import React, { useState, useEffect } from 'react';
import * as Icons from './icons';
import { Button } from '../ui/Button';
import type { Todo } from './model';

export interface TodoListProps {
  todos: Todo[];
  onToggle?: (id: number) => void;
  filter: Filter;
}

export type Filter = 'all' | 'open' | 'done';
export enum Mode { Compact, Full }

interface Resettable {
  reset(): void;
}

const EMPTY_TEXT = 'Nothing to do';
let renders = 0;

/** One row of the list. */
function TodoItem({ todo, onToggle }: { todo: Todo; onToggle?: (id: number) => void }) {
  return (
    <li className={todo.done ? 'done' : undefined}>
      <Icons.Check checked={todo.done} />
      <span onClick={() => onToggle && onToggle(todo.id)}>{todo.title}</span>
    </li>
  );
}

/** The whole list, filtered. */
export const TodoList: React.FC<TodoListProps> = ({ todos, onToggle, filter }) => {
  const [count, setCount] = useState<number>(0);
  useEffect(() => {
    renders++;
    setCount(todos.length);
  }, [todos]);

  const visible = todos.filter((t) => filter === 'all' || (filter === 'done') === t.done);
  if (visible.length === 0) {
    return <p className="empty">{EMPTY_TEXT}</p>;
  }
  return (
    <React.Fragment>
      <ul>
        {visible.map((t) => (
          <TodoItem key={t.id} todo={t} onToggle={onToggle} />
        ))}
      </ul>
      <Button label={`${count} items`} disabled={!onToggle} />
    </React.Fragment>
  );
};

export default class TodoCounter extends React.Component<{ todos: Todo[] }, { shown: boolean }>
  implements Resettable {
  state = { shown: true };

  reset(): void {
    this.setState({ shown: true });
  }

  private toggle = (): void => {
    this.setState({ shown: !this.state.shown });
  };

  render() {
    const { todos } = this.props;
    return this.state.shown ? <Button label={String(todos.length)} onClick={this.toggle} /> : null;
  }
}
