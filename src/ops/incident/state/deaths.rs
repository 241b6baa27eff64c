//! Deaths: a burst of them is a finding however young the fleet.

use super::*;

/// A class whose jobs die this many times within [`DEATH_BURST_SECONDS`], well above its
/// usual rate, is a finding whatever the fleet's age.
pub(super) const DEATH_BURST: u64 = 10;
pub(super) const DEATH_BURST_SECONDS: f64 = 300.0;

/// Whether a pattern's deaths surged (the surge rule over deaths alone, for a pattern whose
/// deaths rose while its failures didn't), or came in a burst, however young the fleet:
/// where jobs stop being retried.
pub(super) fn death_surge(
    w: &Window,
    p: &Pattern,
    enough: impl Fn(&Surge) -> bool,
) -> Option<Surge> {
    p.deaths
        .surge(w, p.begin.map(|b| b.0))
        .filter(|s| enough(s))
        .or_else(|| p.deaths.burst(w, DEATH_BURST, DEATH_BURST_SECONDS))
}
