//! An event bus with boxed handlers.
use std::fmt::Debug;
use log as logging;
use std::{cell::RefCell, rc::Rc};

pub static mut DROPPED: u32 = 0;

pub type Handler = Box<dyn Fn(&Event) -> bool>;

#[derive(Debug)]
pub enum Event {
    Click { x: i32, y: i32 },
    Key(char),
    Quit,
}

pub(in crate::ui) struct Bus<T: Debug> {
    handlers: Vec<Handler>,
    queue: Rc<RefCell<Vec<T>>>,
}

impl<T: Debug> Bus<T> {
    pub fn subscribe<F>(&mut self, handler: F)
    where
        F: Fn(&Event) -> bool + 'static,
    {
        self.handlers.push(Box::new(handler));
    }

    pub fn dispatch(&self, event: &Event) -> usize {
        let mut handled = 0;
        'outer: for h in self.handlers.iter() {
            match event {
                Event::Click { x, y } if *x < 0 || *y < 0 => {
                    unsafe { DROPPED += 1 };
                    continue 'outer;
                }
                Event::Key(c) if c.is_control() => break,
                Event::Quit => return handled,
                _ => {}
            }
            if h(event) && !self.queue.borrow().is_empty() {
                handled += 1;
            }
        }
        std::println!("{:?}", self.queue);
        logging::debug!("dispatched {}", handled);
        handled
    }
}

pub fn describe(event: &Event) -> String {
    match *event {
        Event::Click { x, y } => format!("click at {},{}", x, y),
        Event::Key(c) => c.to_string(),
        Event::Quit => String::from("quit"),
    }
}

pub fn reset() -> impl FnOnce() -> u32 {
    let _ = self::describe(&Event::Quit);
    unsafe {
        self::DROPPED = 0;
    }
    move || unsafe { DROPPED }
}
