// Weighted linear least squares for a handful of parameters (normal equations, columns rescaled).

/**
 * Solves min Σ w_i (x_i · β − y_i)² for β. `rows` are feature vectors of equal length.
 * Throws when the columns are linearly dependent (a parameter the data cannot identify).
 */
export function leastSquares(rows, targets, weights) {
  const k = rows[0]?.length ?? 0;
  const scale = Array.from({ length: k }, (_, j) => Math.max(...rows.map((row) => Math.abs(row[j]))) || 1);
  const a = Array.from({ length: k }, () => new Array(k + 1).fill(0));
  rows.forEach((row, i) => {
    const w = weights[i];
    for (let p = 0; p < k; p += 1) {
      const xp = row[p] / scale[p];
      for (let q = 0; q < k; q += 1) a[p][q] += w * xp * (row[q] / scale[q]);
      a[p][k] += w * xp * targets[i];
    }
  });
  for (let col = 0; col < k; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < k; r += 1) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    if (Math.abs(a[pivot][col]) < 1e-12)
      throw new Error(`parameter ${col} is not identifiable from the data`);
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let r = 0; r < k; r += 1) {
      if (r === col) continue;
      const f = a[r][col] / a[col][col];
      for (let c = col; c <= k; c += 1) a[r][c] -= f * a[col][c];
    }
  }
  return a.map((row, j) => row[k] / row[j] / scale[j]);
}
