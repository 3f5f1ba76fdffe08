import { Link } from "react-router";

/** The way back from an item, the shelves or the data files to the editor's list of items. */
export function BackToItems() {
  return (
    <p>
      <Link to="/admin/content">Back to the items</Link>
    </p>
  );
}
