// A tiny byte codec: traits with associated items, generic impls, macros, FFI.
extern crate alloc as heap;

use core::ops::{Add, Deref};
use self::wire::{Frame as WireFrame, header::{Magic, VERSION}};
use std::io;

static mut FRAMES_SEEN: usize = 0;
const CHUNK: usize = 512;

macro_rules! ensure {
    ($cond:expr, $err:expr) => {
        if !$cond {
            return Err($err);
        }
    };
}

extern "C" {
    fn crc32(data: *const u8, len: usize) -> u32;
    static ZLIB_VERSION: *const u8;
}

#[repr(C)]
pub union Word {
    pub bytes: [u8; 4],
    pub value: u32,
}

pub trait Codec: Sized + Clone {
    type Error;
    const NAME: &'static str;

    fn encode(&self, out: &mut Vec<u8>) -> Result<usize, Self::Error>;
    fn decode(input: &[u8]) -> Result<Self, Self::Error>;
}

#[derive(Clone, Copy, PartialEq)]
pub struct Varint(pub u64);

impl Varint {
    pub const MAX_LEN: usize = 10;

    pub fn len(self) -> usize {
        let mut n = self.0;
        let mut len = 1;
        while n >= 0x80 {
            n >>= 7;
            len += 1;
        }
        len
    }
}

impl Codec for Varint {
    type Error = io::Error;
    const NAME: &'static str = "varint";

    fn encode(&self, out: &mut Vec<u8>) -> Result<usize, io::Error> {
        let mut v = self.0;
        loop {
            let byte = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                out.push(byte);
                break;
            } else {
                out.push(byte | 0x80);
            }
        }
        Ok(Varint::len(*self))
    }

    fn decode(input: &[u8]) -> Result<Self, io::Error> {
        ensure!(!input.is_empty(), io::Error::from(io::ErrorKind::UnexpectedEof));
        let mut value = 0u64;
        for (i, b) in input.iter().enumerate().take(Self::MAX_LEN) {
            value |= ((b & 0x7f) as u64) << (7 * i);
            if b & 0x80 == 0 {
                return Ok(Varint(value));
            }
        }
        Err(io::Error::new(io::ErrorKind::InvalidData, "varint too long"))
    }
}

impl Add for Varint {
    type Output = Varint;

    fn add(self, rhs: Varint) -> Varint {
        Varint(self.0.wrapping_add(rhs.0))
    }
}

impl<'a, T: Codec> Codec for &'a T {
    type Error = T::Error;
    const NAME: &'static str = T::NAME;

    fn encode(&self, out: &mut Vec<u8>) -> Result<usize, Self::Error> {
        <T as Codec>::encode(*self, out)
    }

    fn decode(_input: &[u8]) -> Result<Self, Self::Error> {
        unimplemented!()
    }
}

pub mod wire {
    pub struct Frame<T> {
        pub(super) payload: T,
    }

    impl<T: Clone> std::ops::Deref for Frame<T> {
        type Target = T;
        fn deref(&self) -> &T {
            &self.payload
        }
    }

    pub mod header {
        pub const VERSION: u8 = 2;
        pub struct Magic;
    }
}

pub fn checksum(data: &[u8]) -> u32 {
    fn fold(acc: u32, chunk: &[u8]) -> u32 {
        acc ^ unsafe { crc32(chunk.as_ptr(), chunk.len()) }
    }
    unsafe {
        FRAMES_SEEN += 1;
    }
    data.chunks(CHUNK).fold(0, fold)
}

pub fn parse_all<C: Codec>(mut input: &[u8]) -> Vec<C> {
    let mut out = Vec::<C>::with_capacity(CHUNK);
    while let Ok(item) = C::decode(input) {
        input = &input[1..];
        out.push(item);
    }
    out.into_iter().filter(|c| C::NAME.is_empty() || c.encode(&mut Vec::new()).is_ok()).collect::<Vec<_>>()
}
