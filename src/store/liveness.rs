//! Whether the owner of an in-progress list is alive (OPERATIONS §8.2).
