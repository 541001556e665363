import { defineServer, tool } from "./define-server.js";
import { bool, int, list, oneOf, str } from "./schema.js";

const fileId = str("Drive file ID.");

const tools = [
  tool(
    "search_files",
    "Search Google Drive files by name, full text or Drive query syntax (e.g. `mimeType = 'application/pdf' and modifiedTime > '2024-01-01'`). Includes shared drives when asked.",
    {
      query: str("Drive query or plain words to match in names and content."),
      "include_shared_drives?": bool("Search shared drives too."),
      "page_size?": int("Max results.", { maximum: 1000 }),
      "page_token?": str("Token for the next page."),
    },
  ),
  tool(
    "get_file_metadata",
    "Get a Google Drive file's metadata: name, MIME type, owners, size, parents, sharing link and modified time. Does not download the content; use read_file_content for that.",
    { file_id: fileId },
  ),
  tool(
    "read_file_content",
    "Read a Google Drive file's content as text. Google Docs export as Markdown, Sheets as CSV, Slides as plain text.",
    {
      file_id: fileId,
      "sheet_name?": str("For Sheets: which tab to export."),
    },
  ),
  tool(
    "upload_file",
    "Upload a new file to Google Drive into a folder, optionally converting it to a Google Docs format. Returns the new file's ID and web link.",
    {
      name: str("File name."),
      content_base64: str("File bytes, base64-encoded."),
      mime_type: str("MIME type of the upload."),
      "parent_folder_id?": str("Folder to upload into; My Drive root by default."),
      "convert?": bool("Convert to Google Docs/Sheets/Slides."),
    },
  ),
  tool("create_folder", "Create a folder in Google Drive. Returns the folder ID to use as a parent for uploads.", {
    name: str("Folder name."),
    "parent_folder_id?": str("Parent folder ID."),
  }),
  tool(
    "share_file",
    "Share a Google Drive file or folder with a person, group or domain, or make it available to anyone with the link. Sharing with an address outside the domain may be blocked by admin policy.",
    {
      file_id: fileId,
      role: oneOf(["reader", "commenter", "writer", "owner"], "Access level."),
      type: oneOf(["user", "group", "domain", "anyone"], "Grantee type."),
      "email_address?": str("Required for user and group."),
      "domain?": str("Required for domain."),
      "send_notification?": bool("Email the grantee.", { default: true }),
    },
  ),
  tool("move_file", "Move a Google Drive file to another folder. The file keeps its ID, sharing settings and links.", {
    file_id: fileId,
    new_parent_id: str("Destination folder ID."),
  }),
  tool(
    "export_file",
    "Export a Google Docs, Sheets or Slides file to another format such as PDF, DOCX, XLSX or PPTX. Exports are limited to 10 MB; the result is returned base64-encoded.",
    {
      file_id: fileId,
      format: oneOf(["pdf", "docx", "xlsx", "pptx", "csv", "txt", "html"], "Target format."),
    },
  ),
  tool(
    "list_permissions",
    "List who has access to a Google Drive file and with which role. Includes inherited permissions from shared drives.",
    { file_id: fileId, "fields?": list(str("Field."), "Extra fields.") },
  ),
];

export const googleDrive = defineServer("google-drive", tools, {
  direct: {
    search_files: ["search google drive for the Q3 budget spreadsheet"],
    share_file: ["share the google drive file 'Roadmap 2025' with lena@acme.com as a commenter"],
    create_folder: ["create a google drive folder named Invoices 2024"],
    export_file: ["export the onboarding google doc to pdf"],
    list_permissions: ["list permissions on the drive file Roadmap 2025"],
    get_file_metadata: ["get metadata for the drive file budget.xlsx, who owns it and when was it modified"],
  },
  paraphrase: {
    search_files: ["where's that budget sheet from Q3 in my gdrive"],
    read_file_content: ["what does the offsite planning gdoc say"],
    upload_file: ["put this scan of my passport in my gdrive"],
    share_file: ["let lena comment on the roadmap doc in gdrive"],
    list_permissions: ["who can see the roadmap gdoc"],
    move_file: ["tuck the signed NDA under Legal in my gdrive"],
    export_file: ["I need the hiring plan gdoc as a word document"],
  },
});
