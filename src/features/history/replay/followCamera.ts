/**
 * Following the taxi without moving the map every frame: the camera jumps to centre the taxi only
 * when it nears the map's edge. Moving the camera redraws the whole map canvas (tiles and route),
 * which in software WebGL took longer than a frame: recentred every frame, 60× played at 6-15
 * frames a second; the taxi alone is a DOM marker the browser moves for almost nothing.
 */

/** The share of the map's width and height, on each side, where the taxi counts as near the edge. */
export const FOLLOW_EDGE = 0.2;

/** Whether a taxi at (x, y) pixels in a map of width × height needs the camera to recentre on it. */
export function nearEdge(x: number, y: number, width: number, height: number, edge = FOLLOW_EDGE): boolean {
  return x < width * edge || x > width * (1 - edge) || y < height * edge || y > height * (1 - edge);
}
