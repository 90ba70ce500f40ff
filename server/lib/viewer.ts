/** The signed-in person making a request; `null` when nobody is signed in. */
export interface Viewer {
  id: string;
}
