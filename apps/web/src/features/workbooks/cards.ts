/**
 * The workbook cards on their own (home's Workbooks row and the /workbooks grid): importing the feature's
 * index would pull the question screens and their styles into those pages' code.
 */
export { WorkbookGrid, WorkbooksShelf } from "./components/workbook-grid";
