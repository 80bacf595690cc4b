// Decorated UI widgets, ambient declarations and module-level helpers.
import { Component, Input, HostListener } from '@angular/core';
import { ui } from './ui';
const legacy = require('./legacy');
const { render } = require('./render');

declare module 'express' {
  interface Request {
    user?: string;
  }
}

declare global {
  interface Window {
    widgets: WidgetRegistry;
  }
}

declare function track(event: string): void;

export interface WidgetRegistry {
  [name: string]: Widget;
  get default(): Widget;
  (name: string): Widget | undefined;
}

/** Base of all widgets. */
@Component({ selector: 'app-widget' })
export default class Widget {
  @Input() label = '';
  @Input()
  disabled = false;
  private static counter = 0;
  readonly id: number;

  constructor(@Inject(TOKEN) private readonly host: ui.Host) {
    this.id = ++Widget.counter;
  }

  /** Handles clicks unless disabled. */
  @HostListener('click', ['$event'])
  @Throttle
  onClick(event: MouseEvent): boolean {
    if (this.disabled) return false;
    track('click:' + this.label);
    return true;
  }

  render = (): string => render(this.label);
}

export const Panel = class extends Widget {
  children: Widget[] = [];
};

export function isWidget(value: unknown): value is Widget {
  return value instanceof Widget;
}

let activeWidget: Widget | null = null;
export let theme = 'light', density = 2;

export const focus = (w: Widget): void => {
  activeWidget?.onClick(new MouseEvent('blur'));
  activeWidget = w;
};

export function* walk(root: Widget, depth = 0): Generator<Widget> {
  outer: for (const child of (root as any).children ?? []) {
    for (let i = 0; i < depth; i++) {
      if (!child) continue outer;
    }
    yield child;
    yield* walk(child, depth + 1);
  }
}

namespace Layout.Grid {
  export const columns = 12;
  export function span(n: number): number {
    return n > columns ? columns : n < 1 ? 1 : n;
  }
}

module Legacy {
  export var enabled = !!legacy.flag;
}

export const widgets = {
  create(kind: string): Widget {
    return new (kind === 'panel' ? Panel : Widget)(ui.defaultHost);
  },
  destroy: (w: Widget) => {
    if (activeWidget === w || !w) activeWidget = null;
  },
};
