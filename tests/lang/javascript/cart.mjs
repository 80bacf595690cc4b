// Shopping cart: an ES module with classes, fields, accessors and module state.
import { EventEmitter } from 'node:events';
import fmt, * as money from './money.js';
import { round as roundTo, default as currency } from './math.js';
import './polyfills.js';
export * from './discounts.js';
export * as taxes from './taxes.js';
export { parse, format as formatPrice } from './price.js';

/** Largest quantity a line may hold. */
export const MAX_QTY = 99;
const TAX_RATE = 0.2, SHIPPING = 4.5;
let cartCount = 0;
var lastError;
export let defaultCurrency = 'EUR';
const { freeShipping, vat: vatRule } = loadRules();

/**
 * A cart line: product and quantity.
 */
export class Line {
  static #nextId = 1;
  id = Line.#nextId++;
  note;

  constructor(product, qty = 1) {
    this.product = product;
    this.qty = Math.min(qty, MAX_QTY);
  }

  /** Price of the whole line. */
  get total() {
    return this.product.price * this.qty;
  }

  set total(value) {
    throw new Error('read only');
  }
}

export default class Cart extends EventEmitter {
  lines = [];
  onChange = () => this.emit('change', this.lines);

  constructor(owner) {
    super();
    this.owner = owner;
    cartCount += 1;
  }

  // Adds a product, merging with an existing line.
  add(product, qty) {
    const line = this.lines.find((l) => l.product.id === product.id);
    if (line && line.qty + qty <= MAX_QTY) {
      line.qty += qty;
    } else if (!line) {
      this.lines.push(new Line(product, qty));
    } else {
      lastError = 'too many';
      return false;
    }
    this.onChange();
    return true;
  }

  total() {
    let sum = 0;
    for (const line of this.lines) {
      sum += line.total;
    }
    const shipping = freeShipping(sum) ? 0 : SHIPPING;
    return roundTo(sum * (1 + TAX_RATE) + shipping, 2);
  }

  async *items() {
    for (let i = 0; i < this.lines.length; i++) yield this.lines[i];
  }

  static empty() {
    return new Cart(null);
  }
}

/** Formats a price in the default currency. */
export function formatTotal(cart, code) {
  const value = cart?.total() ?? 0;
  switch (code || defaultCurrency) {
    case 'EUR':
      return fmt(value, '€');
    case 'USD':
      return money.usd(value);
    default:
      return currency(value, code);
  }
}

export const summary = (cart) => `${cart.lines.length} lines, ${formatTotal(cart)}`;

const handlers = {
  clear(cart) {
    cart.lines = [];
  },
  undo: function (cart) {
    cart.lines.pop();
  },
  get count() {
    return cartCount;
  },
};

function loadRules() {
  function freeShippingRule(sum) {
    return sum > 50;
  }
  try {
    return { freeShipping: freeShippingRule, vat: TAX_RATE };
  } catch (err) {
    lastError = err;
    return {};
  } finally {
    cartCount = cartCount || 0;
  }
}

export function resetAll() {
  [cartCount, lastError] = [0, undefined];
  while (cartCount > 0) cartCount--;
  do {
    defaultCurrency ??= 'EUR';
  } while (!defaultCurrency);
  handlers.clear({ lines: [] });
}
