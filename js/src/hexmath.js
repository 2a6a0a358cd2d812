/**
 * Axial hex arithmetic shared by the board (board.js) and its edit mode (edit.js).
 *
 * Axial (q, r) with s = -q - r, flat-topped hexes, as hexplay.hexgrid.
 */

/** The six axial neighbour offsets, direction d = 0..5 (as hexplay.hexgrid.DIRECTIONS). */
export const DIRS = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

/**
 * The hex [q, r] holding fractional axial point (fq, fr): cube rounding, as
 * hexplay.hexgrid.cube_round (round all three cube coordinates, then recompute the one that
 * moved most from the other two so that q + r + s = 0 holds).
 */
export function cubeRound(fq, fr) {
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return [q, r];
}
