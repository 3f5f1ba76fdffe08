export { useWorkbook, workbookKeys } from "./api/workbooks";
export { EntryView } from "./components/entry-view";
export { cardState, entryPath, WorkbookCard, workbookPath } from "./components/workbook-card";
export { WorkbookFlow } from "./components/workbook-flow";
export { homeWorkbooks, WorkbookGrid, WorkbooksShelf } from "./components/workbook-grid";
export { WorkbookResult } from "./components/workbook-result";
export { WorksheetsList } from "./components/worksheets-list";
