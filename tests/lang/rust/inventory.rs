//! Inventory bookkeeping: items, stock levels and a small pricing trait.

use std::collections::HashMap;
use std::fmt::{self, Display, Write as FmtWrite};
use std::sync::atomic::*;
use crate::util::{clamp, math::round_to};
use serde;

/// Largest quantity a single slot may hold.
pub const MAX_STOCK: u32 = 10_000;
static mut RESTOCK_COUNT: u64 = 0;
pub(crate) static DEFAULT_LOCATION: &str = "main";

/// Identifier of an item in the catalogue.
pub type ItemId = u64;

/// A catalogue entry.
#[derive(Debug, Clone)]
pub struct Item {
    pub id: ItemId,
    pub name: String,
    pub(crate) price_cents: u32,
    weight_grams: u32,
}

/// Where stock lives.
pub enum Location {
    Shelf { aisle: u8, slot: u8 },
    Warehouse(String),
    InTransit,
}

/// Anything with a price.
pub trait Priced: Display {
    /// Price in cents.
    fn price(&self) -> u32;

    fn discounted(&self, percent: u32) -> u32 {
        self.price() * (100 - percent) / 100
    }
}

pub struct Inventory {
    items: HashMap<ItemId, Item>,
    stock: HashMap<ItemId, u32>,
}

impl Inventory {
    pub fn new() -> Self {
        Inventory { items: HashMap::new(), stock: HashMap::new() }
    }

    /// Adds `qty` units, capped at MAX_STOCK.
    pub fn restock(&mut self, item: Item, qty: u32) -> Result<u32, String> {
        let id = item.id;
        self.items.entry(id).or_insert(item);
        let level = self.stock.entry(id).or_insert(0);
        if *level + qty > MAX_STOCK {
            return Err(format!("over capacity: {}", MAX_STOCK));
        }
        *level += qty;
        unsafe {
            RESTOCK_COUNT += 1;
        }
        Ok(*level)
    }

    fn locate(&self, id: ItemId) -> Location {
        match self.stock.get(&id) {
            Some(n) if *n > 100 || id == 0 => Location::Warehouse(DEFAULT_LOCATION.to_string()),
            Some(_) => Location::Shelf { aisle: 1, slot: clamp(id as u8, 0, 9) },
            None => Location::InTransit,
        }
    }

    pub(crate) fn total_value(&self) -> Result<u64, fmt::Error> {
        let mut total = 0u64;
        for (id, qty) in &self.stock {
            let item = self.items.get(id).ok_or(fmt::Error)?;
            total += round_to(item.price() as u64 * *qty as u64, 10);
        }
        Ok(total)
    }
}

impl Priced for Item {
    fn price(&self) -> u32 {
        self.price_cents
    }
}

impl Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name, self.id)
    }
}

pub fn restock_count() -> u64 {
    unsafe { RESTOCK_COUNT }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restock_caps_at_max() {
        let mut inv = Inventory::new();
        let item = Item { id: 1, name: "bolt".into(), price_cents: 5, weight_grams: 2 };
        assert!(inv.restock(item, MAX_STOCK + 1).is_err());
    }
}
