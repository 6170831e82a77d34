// The import's report and errors in the interface language. The server speaks English (its
// importer, src/import/*.cpp, src/store/site_archive_store.cpp, src/api/import_api.cpp): each text
// it may send is listed here as it writes it, with {parameters}; a text that matches one is shown
// in the interface language with its parameters as they were (a parameter that is itself a message,
// such as the reason after "not stored:", goes through the same translation). Anything else is
// shown as the server sent it. A message changed on the server must be changed here too.
import { interpolate } from '@/lib/i18n';
import type { importTexts } from '@/lib/i18n/import-texts';

export type ImportTexts = (typeof importTexts)['en'];
type Messages = ImportTexts['messages'];

/** A counted text's forms: 1, 2–4, and 0 or 5 and more (what Czech needs; English says one). */
interface CountForms {
  one: string;
  few: string;
  many: string;
}

type Translate = (value: string, texts: ImportTexts) => string;

interface Template {
  /** What the server sends, a {name} for each parameter. */
  server: string;
  /** The interface's text for it, the same {names} in it. */
  text: (texts: ImportTexts, m: Messages) => string | CountForms;
  /** The parameter whose number picks the form of a counted text. */
  count?: string;
  /** Parameters that are themselves texts to translate (others are kept as they are). */
  inner?: Record<string, Translate>;
}

interface Compiled extends Template {
  pattern: RegExp;
  names: string[];
}

// Parameters that are always a number; any other takes the shortest text that lets the rest match.
const NUMBERS = new Set(['count', 'line', 'column', 'size', 'depth', 'offset', 'status']);

function compile(template: Template): Compiled {
  const names: string[] = [];
  const source = template.server
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return NUMBERS.has(name) ? '(\\d+)' : '([\\s\\S]*?)';
    })
    .join('');
  return { ...template, pattern: new RegExp(`^${source}$`), names };
}

function compileAll(templates: readonly Template[]): readonly Compiled[] {
  return templates.map(compile);
}

function countForm(forms: CountForms, count: number): string {
  if (count === 1) return forms.one;
  if (count >= 2 && count <= 4) return forms.few;
  return forms.many;
}

/** The first of `templates` that `message` matches, in the interface language; else undefined. */
function apply(
  templates: readonly Compiled[],
  message: string,
  texts: ImportTexts,
): string | undefined {
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, index) => {
      const value = match[index + 1] ?? '';
      const inner = template.inner?.[name];
      values[name] = inner ? inner(value, texts) : value;
    });
    const text = template.text(texts, texts.messages);
    const chosen =
      typeof text === 'string' ? text : countForm(text, Number(values[template.count ?? 'count']));
    return interpolate(chosen, values);
  }
  return undefined;
}

// How the report names an item: WordPress "item 12 (line 340)", Ghost "post hello (id 5)".
const LABELS = compileAll([
  { server: 'item {id} (line {line})', text: (_, m) => m.labels.item },
  { server: 'post {slug} (id {id})', text: (_, m) => m.labels.post },
]);

function translateLabel(label: string, texts: ImportTexts): string {
  return apply(LABELS, label, texts) ?? label;
}

function translateVersion(version: string, texts: ImportTexts): string {
  return version === '(none)' ? texts.messages.jobErrors.noVersion : version;
}

// Why an image was not fetched: a reason of our own, or what fetching its address answered
// ("https://old.example/a.png timed out" when the address is not the image's own).
function translateFetchReason(reason: string, texts: ImportTexts): string {
  const known = translateImportMessage(reason, texts);
  if (known !== reason) return known;
  const fetched = /^(https?:\/\/\S+) ([\s\S]+)$/.exec(reason);
  if (!fetched) return reason;
  const [, address = '', problem = ''] = fetched;
  return `${address} ${translateImportMessage(problem, texts)}`;
}

const translateInner: Translate = (value, texts) => translateImportMessage(value, texts);

// Every text of the server the import screen shows, most specific first where two could match.
const TEMPLATES = compileAll([
  // The report's format.
  {
    server: 'WordPress export (WXR {version})',
    text: (_, m) => m.formats.wordpress,
  },
  { server: 'Ghost export ({version})', text: (_, m) => m.formats.ghost },
  { server: 'PayTech Blog export (version 1)', text: (_, m) => m.formats.siteArchive },

  // Report lines (problems).
  {
    server: 'Translation group {group} (items {en} and {cs}) not linked: {reason}',
    text: (_, m) => m.problems.pairNotLinked,
    inner: { reason: translateInner },
  },
  {
    server: 'Translation group {group}: its description is not readable',
    text: (_, m) => m.problems.groupUnreadable,
  },
  {
    server: 'Author {login} could not be created: their posts go to the administrator',
    text: (_, m) => m.problems.authorNotCreated,
  },
  {
    server: 'Image {url} not stored: {reason}',
    text: (_, m) => m.problems.imageNotStored,
    inner: { reason: translateInner },
  },
  {
    server: 'Image {url} not fetched: {reason}',
    text: (_, m) => m.problems.imageNotFetched,
    inner: { reason: translateFetchReason },
  },
  {
    server: '{label}: the slug {slug} is taken, imported as {candidate}',
    text: (_, m) => m.problems.slugTaken,
    inner: { label: translateLabel },
  },
  {
    server: '{label}: shortcodes removed: {list}',
    text: (_, m) => m.problems.shortcodesRemoved,
    inner: { label: translateLabel },
  },
  {
    server: '{label}: password-protected, imported unpublished',
    text: (_, m) => m.problems.passwordProtected,
    inner: { label: translateLabel },
  },
  {
    server: '{label}: visible to {visibility} members only on Ghost, imported unpublished',
    text: (_, m) => m.problems.membersOnly,
    inner: { label: translateLabel },
  },
  {
    server:
      '__GHOST_URL__ made root-relative: give --media-from https://old-site to keep it absolute',
    text: (_, m) => m.problems.ghostUrl,
  },
  {
    server:
      '{count} account(s) of the export already existed here (same e-mail or username) and keep their own password',
    text: (_, m) => m.problems.accountsMatched,
  },
  {
    server:
      '{count} account(s) were created without a password: each sets one with "Forgot password"',
    text: (_, m) => m.problems.accountsCreated,
  },

  // Why an image was not stored (after "not stored:").
  { server: 'no account to own it', text: (_, m) => m.imageReasons.noAccount },
  { server: 'not an upload of the old site', text: (_, m) => m.imageReasons.notAnUpload },
  { server: '{file} cannot be read', text: (_, m) => m.imageReasons.cannotRead },
  {
    server: 'Please select a valid image file (JPEG, PNG, GIF, WEBP)',
    text: (_, m) => m.imageReasons.invalidType,
  },
  { server: 'Image must be less than 5MB', text: (_, m) => m.imageReasons.tooLarge },
  {
    server: 'Image dimensions are too large (at most 12000 pixels a side and 40 megapixels)',
    text: (_, m) => m.imageReasons.tooManyPixels,
  },
  {
    server: 'Too many images are being processed right now. Please try again in a moment.',
    text: (_, m) => m.imageReasons.busy,
  },

  // Why an image was not fetched (after "not fetched:").
  {
    server: "{host} is not the exported site's host (only it and --media-from's are fetched from)",
    text: (_, m) => m.fetchReasons.foreignHost,
  },
  { server: 'not an http(s) address', text: (_, m) => m.fetchReasons.notHttp },
  {
    server: 'the export names no site to fetch it from (give --media-from URL)',
    text: (_, m) => m.fetchReasons.noSite,
  },
  { server: 'libcurl could not start a transfer', text: (_, m) => m.fetchReasons.noTransfer },
  {
    server: 'its address is in a private network (not fetched for an uploaded file)',
    text: (_, m) => m.fetchReasons.privateNetwork,
  },
  { server: 'larger than {size} MB', text: (_, m) => m.fetchReasons.tooLarge },
  { server: 'timed out', text: (_, m) => m.fetchReasons.timedOut },
  {
    server: 'answered {status} (redirects are not followed)',
    text: (_, m) => m.fetchReasons.redirect,
  },
  { server: 'answered {status}', text: (_, m) => m.fetchReasons.answered },

  // Why an item was skipped.
  { server: 'language {language}', text: (_, m) => m.skipReasons.language },
  {
    server: 'no language: the export names none (give --language en or cs)',
    text: (_, m) => m.skipReasons.noLanguage,
  },
  { server: 'status {state}', text: (_, m) => m.skipReasons.status },

  // The post rules' refusals (a skipped item's reason, joined by "; ", or a pair not linked).
  { server: 'Title is required', text: (_, m) => m.postRules.titleRequired },
  { server: 'Title must be at most 200 characters', text: (_, m) => m.postRules.titleTooLong },
  { server: 'Content is required', text: (_, m) => m.postRules.contentRequired },
  { server: 'Content is too long', text: (_, m) => m.postRules.contentTooLong },
  { server: 'Category is required', text: (_, m) => m.postRules.categoryRequired },
  { server: 'Category is too long', text: (_, m) => m.postRules.categoryTooLong },
  {
    server: 'Please choose a category from the list',
    text: (_, m) => m.postRules.categoryUnlisted,
  },
  { server: 'Language must be en or cs', text: (_, m) => m.postRules.languageInvalid },
  {
    server: 'Excerpt must be at most 500 characters',
    text: (_, m) => m.postRules.excerptTooLong,
  },
  {
    server: 'Cover image must be an uploaded image or an http(s) URL',
    text: (_, m) => m.postRules.coverImageInvalid,
  },
  {
    server: 'Slug may contain only lowercase letters, digits and hyphens',
    text: (_, m) => m.postRules.slugInvalid,
  },
  {
    server:
      'Images must be uploaded, not embedded in the text. Insert the image again to upload it.',
    text: (_, m) => m.postRules.embeddedImage,
  },
  {
    server: 'Publication date must be an ISO 8601 date and time',
    text: (_, m) => m.postRules.publishedAtInvalid,
  },
  {
    server: 'Title contains characters that are not allowed',
    text: (_, m) => m.postRules.titleNotAllowed,
  },
  {
    server: 'Slug contains characters that are not allowed',
    text: (_, m) => m.postRules.slugNotAllowed,
  },
  {
    server: 'Excerpt contains characters that are not allowed',
    text: (_, m) => m.postRules.excerptNotAllowed,
  },
  {
    server: 'Category contains characters that are not allowed',
    text: (_, m) => m.postRules.categoryNotAllowed,
  },
  {
    server: 'Cover image contains characters that are not allowed',
    text: (_, m) => m.postRules.coverImageNotAllowed,
  },
  {
    server: 'Category name contains characters that are not allowed',
    text: (_, m) => m.postRules.categoryNameNotAllowed,
  },
  {
    server: 'Category name must be at least 3 characters',
    text: (_, m) => m.postRules.categoryNameTooShort,
  },
  {
    server: 'Category name must be at most 50 characters',
    text: (_, m) => m.postRules.categoryNameTooLong,
  },
  { server: 'A post with this slug already exists', text: (_, m) => m.postRules.slugExists },
  {
    server: 'The post to link as a translation was not found',
    text: (_, m) => m.postRules.translationNotFound,
  },
  {
    server: 'You can only link your own posts as translations',
    text: (_, m) => m.postRules.ownPostsOnly,
  },
  {
    server: 'A translation must be in the other language',
    text: (_, m) => m.postRules.otherLanguage,
  },
  {
    server: 'That post is already linked to another translation',
    text: (_, m) => m.postRules.alreadyLinked,
  },
  { server: 'The post imported before is gone', text: (_, m) => m.postRules.importedGone },
  { server: 'Invalid input', text: (_, m) => m.postRules.invalidInput },

  // A failed import's error.
  { server: 'Cannot read {file}', text: (_, m) => m.jobErrors.cannotRead },
  {
    server: '--media-from takes a folder or an http(s) address',
    text: (_, m) => m.jobErrors.mediaFrom,
  },
  {
    server: 'No account {account} (--author takes a username or e-mail)',
    text: (_, m) => m.jobErrors.noAccount,
  },
  { server: '--language takes en or cs', text: (_, m) => m.jobErrors.languageOption },
  {
    server:
      'Unknown format: {file} is neither a WordPress export (XML), a Ghost export (JSON) nor a PayTech Blog export (.tar.gz)',
    text: (_, m) => m.jobErrors.unknownFormat,
  },
  {
    server: 'The JSON nests deeper than {depth} levels: not a Ghost export (a JSON bomb?)',
    text: (_, m) => m.jobErrors.jsonTooDeep,
    count: 'depth',
  },
  {
    server: 'The file is not valid JSON: line {line}, column {column}: {reason}',
    text: (_, m) => m.jobErrors.jsonInvalid,
    inner: { reason: translateInner },
  },
  {
    server: 'Unknown format: JSON, but not a Ghost export (no meta and data)',
    text: (_, m) => m.jobErrors.notGhost,
  },
  {
    server: 'Unknown Ghost export version {version} (2 to 6 are read)',
    text: (_, m) => m.jobErrors.ghostVersion,
    inner: { version: translateVersion },
  },
  {
    server: 'The file ends too early (truncated?) at line {line}, column {column}: {reason}',
    text: (_, m) => m.jobErrors.truncated,
    inner: { reason: translateInner },
  },
  {
    server: 'The file is not well-formed XML: line {line}, column {column}: {reason}',
    text: (_, m) => m.jobErrors.notWellFormed,
    inner: { reason: translateInner },
  },
  {
    server: 'Unknown format: the file is XML but not an RSS document (a WordPress export)',
    text: (_, m) => m.jobErrors.notRss,
  },
  {
    server: "Unknown format: an RSS document without WordPress's export namespace",
    text: (_, m) => m.jobErrors.noWxrNamespace,
  },
  {
    server: 'Unknown WordPress export version {version} (1.0, 1.1 and 1.2 are read)',
    text: (_, m) => m.jobErrors.wxrVersion,
  },
  {
    server: "The file's document type declaration names an external file (XXE): refused",
    text: (_, m) => m.jobErrors.externalDtd,
  },
  {
    server:
      "The file's document type declaration declares an external entity (XXE) ('{name}'): refused",
    text: (_, m) => m.jobErrors.externalEntity,
  },
  {
    server:
      "The file's document type declaration declares entities (as in a billion laughs attack) ('{name}'): refused",
    text: (_, m) => m.jobErrors.entities,
  },
  {
    server: 'An element of the file holds more than 32 MB of text: not a WordPress export',
    text: (_, m) => m.jobErrors.elementTooLarge,
  },
  {
    server: 'Not a PayTech Blog export: content.json names no "paytech-blog" format',
    text: (_, m) => m.jobErrors.noFormat,
  },
  {
    server: 'Not a PayTech Blog export: {file} is not a readable .tar.gz ({reason})',
    text: (_, m) => m.jobErrors.notArchive,
  },
  {
    server: 'Not a PayTech Blog export: {name} in {file} cannot be read ({reason})',
    text: (_, m) => m.jobErrors.entryUnreadable,
  },
  {
    server: 'Not a PayTech Blog export: {file} holds no content.json',
    text: (_, m) => m.jobErrors.noContent,
  },
  {
    server: "The export's content.json is not a JSON object",
    text: (_, m) => m.jobErrors.contentNotObject,
  },
  {
    server: "The export's content.json is not JSON (at byte {offset}): {reason}",
    text: (_, m) => m.jobErrors.contentNotJson,
    inner: { reason: translateInner },
  },
  {
    server: "The export's content.json has no {list} list before its {next}",
    text: (_, m) => m.jobErrors.listMissingBefore,
  },
  {
    server: "The export's content.json has no {list} list",
    text: (_, m) => m.jobErrors.noList,
  },
  {
    server:
      "The export's content.json has its {list} list out of order (or twice): {previous} came before it",
    text: (_, m) => m.jobErrors.listOutOfOrder,
  },
  {
    server: "The export's content.json has a row of {list} that is not an object",
    text: (_, m) => m.jobErrors.rowNotObject,
  },
  {
    server: "The export's {name} is larger than {size} MB",
    text: (_, m) => m.jobErrors.entryTooLarge,
  },
  {
    server: "cannot make a temporary folder for the archive's files",
    text: (_, m) => m.jobErrors.tempFolder,
  },
  { server: 'cannot write {path}', text: (_, m) => m.jobErrors.cannotWrite },
  { server: 'cannot read {path}', text: (_, m) => m.jobErrors.cannotReadFile },
  {
    server: "cannot keep the export's {name} in a temporary file",
    text: (_, m) => m.jobErrors.cannotKeep,
  },
  {
    server:
      'A PayTech Blog export is a whole blog: import it into an empty blog (this one has {count} posts)',
    text: (_, m) => m.jobErrors.notEmpty,
  },
  {
    server: 'Unknown PayTech Blog export version (this blog reads version {version})',
    text: (_, m) => m.jobErrors.archiveVersion,
  },
  {
    server: 'The export lacks the file uploads/{sha} that content.json names',
    text: (_, m) => m.jobErrors.missingUpload,
  },

  // What Boost.JSON and expat say after "line …, column …:" (and content.json's byte).
  { server: 'syntax error', text: (_, m) => m.parser.syntaxError },
  { server: 'extra data', text: (_, m) => m.parser.extraData },
  { server: 'incomplete JSON', text: (_, m) => m.parser.incompleteJson },
  { server: 'exponent overflow', text: (_, m) => m.parser.exponentOverflow },
  { server: 'too deep', text: (_, m) => m.parser.tooDeep },
  { server: 'illegal leading surrogate', text: (_, m) => m.parser.leadingSurrogate },
  { server: 'illegal trailing surrogate', text: (_, m) => m.parser.trailingSurrogate },
  { server: 'expected hex digit', text: (_, m) => m.parser.expectedHexDigit },
  { server: 'expected utf16 escape', text: (_, m) => m.parser.expectedUtf16Escape },
  { server: 'object too large', text: (_, m) => m.parser.objectTooLarge },
  { server: 'array too large', text: (_, m) => m.parser.arrayTooLarge },
  { server: 'key too large', text: (_, m) => m.parser.keyTooLarge },
  { server: 'string too large', text: (_, m) => m.parser.stringTooLarge },
  { server: 'out of memory', text: (_, m) => m.parser.outOfMemory },
  { server: 'no element found', text: (_, m) => m.parser.noElement },
  { server: 'not well-formed (invalid token)', text: (_, m) => m.parser.invalidToken },
  { server: 'unclosed token', text: (_, m) => m.parser.unclosedToken },
  { server: 'partial character', text: (_, m) => m.parser.partialCharacter },
  { server: 'mismatched tag', text: (_, m) => m.parser.mismatchedTag },
  { server: 'duplicate attribute', text: (_, m) => m.parser.duplicateAttribute },
  { server: 'junk after document element', text: (_, m) => m.parser.junkAfterDocument },
  { server: 'undefined entity', text: (_, m) => m.parser.undefinedEntity },
  { server: 'recursive entity reference', text: (_, m) => m.parser.recursiveEntity },
  {
    server: 'reference to invalid character number',
    text: (_, m) => m.parser.invalidCharacterNumber,
  },
  { server: 'unknown encoding', text: (_, m) => m.parser.unknownEncoding },
  {
    server: 'encoding specified in XML declaration is incorrect',
    text: (_, m) => m.parser.wrongEncoding,
  },
  { server: 'unclosed CDATA section', text: (_, m) => m.parser.unclosedCdata },
  { server: 'unbound prefix', text: (_, m) => m.parser.unboundPrefix },
  { server: 'XML declaration not well-formed', text: (_, m) => m.parser.badXmlDeclaration },
  {
    server: 'XML or text declaration not at start of entity',
    text: (_, m) => m.parser.misplacedXmlDeclaration,
  },
  { server: 'illegal character(s) in public id', text: (_, m) => m.parser.badPublicId },
  { server: 'parsing aborted', text: (_, m) => m.parser.aborted },
  {
    server: 'limit on input amplification factor (from DTD and entities) breached',
    text: (_, m) => m.parser.amplification,
  },

  // The upload's refusals (POST /api/admin/import) and the job's lookup.
  {
    server: "Send the export as multipart/form-data in the field 'file'",
    text: (_, m) => m.upload.notMultipart,
  },
  {
    server: 'The upload is not well-formed multipart/form-data',
    text: (_, m) => m.upload.badMultipart,
  },
  { server: 'Please choose an export file', text: (texts) => texts.chooseFile },
  { server: 'The export is larger than 200 MB', text: (_, m) => m.upload.tooLarge },
  { server: 'Import not found', text: (_, m) => m.upload.notFound },
  {
    server: 'You must be logged in to view this page',
    text: (_, m) => m.upload.loginRequired,
  },
  {
    server: 'You do not have permission to access this page.',
    text: (_, m) => m.upload.notAdmin,
  },
  { server: 'Your account is pending approval', text: (_, m) => m.upload.pending },
  { server: 'Your account request was rejected', text: (_, m) => m.upload.rejected },
  {
    server: 'Your account must use two-factor sign-in. Set it up to continue.',
    text: (_, m) => m.upload.twoFactorSetupRequired,
  },
  { server: 'Cross-site request refused', text: (_, m) => m.upload.crossSite },
  {
    server: 'The server is busy. Please try again in a moment.',
    text: (_, m) => m.upload.busy,
  },
]);

/**
 * A report line, a skipped item's reason, the report's format, a failed import's error or an
 * upload's refusal, in the interface language when the app knows it; otherwise unchanged.
 */
export function translateImportMessage(message: string, texts: ImportTexts): string {
  const known = apply(TEMPLATES, message, texts);
  if (known !== undefined) return known;
  // A skipped item's reason: each of the post rules' refusals, joined.
  if (message.includes('; ')) {
    return message
      .split('; ')
      .map((part) => translateImportMessage(part, texts))
      .join('; ');
  }
  return message;
}

// The report's notImported keys the importer writes; any other is a WordPress post type (e.g.
// "wp_block"), named as the file names it.
const KINDS = new Map<string, (m: Messages) => string>([
  ['tags', (m) => m.kinds.tags],
  ['comments', (m) => m.kinds.comments],
  ['attachments without a post', (m) => m.kinds.attachmentsWithoutPost],
  ['pages', (m) => m.kinds.pages],
  ['menu items', (m) => m.kinds.menuItems],
  ['items of no type', (m) => m.kinds.itemsOfNoType],
  ['members', (m) => m.kinds.members],
]);

/** What the report counts as not imported ("pages", "menu items", …), in the interface language. */
export function translateNotImportedKind(kind: string, texts: ImportTexts): string {
  return KINDS.get(kind)?.(texts.messages) ?? kind;
}

/** The server's texts this module knows, as written in its table (for the tests' check of coverage). */
export const IMPORT_MESSAGE_TEMPLATES: readonly string[] = TEMPLATES.map((t) => t.server);

/** The server text (from IMPORT_MESSAGE_TEMPLATES) that `message` is an instance of, if any. */
export function importMessageTemplate(message: string): string | undefined {
  return TEMPLATES.find((template) => template.pattern.test(message))?.server;
}
