import { ident, parse, tokenize, tokenTypes, walk, type CssNode } from 'css-tree';
import { badRequest } from '../errors';

// The theme's advanced CSS goes into every publication's <style>. It is parsed with css-tree (the parser
// of CSSO) and refused, with the reason and the line, when it is not valid CSS or could load or run
// something: @import, url() to anything but https, IE's expression() and javascript: URLs. Names are
// compared decoded, so that CSS escapes (`e\\78pression(`, `@\\69mport`) do not slip through.

const field = 'advancedCss';

/** Why a stylesheet is refused, or undefined when it may be stored. */
export function advancedCssProblem(css: string): string | undefined {
  if (css.trim() === '') return undefined;
  const lineOf = (offset: number) => css.slice(0, offset).split('\n').length;

  // Nothing in CSS needs '<'; in a <style> element it could end the element.
  const angle = css.indexOf('<');
  if (angle >= 0) return `Regel ${lineOf(angle)}: het teken '<' is niet toegestaan in CSS.`;
  const javascript = /javascript\s*:/i.exec(css);
  if (javascript) return `Regel ${lineOf(javascript.index)}: 'javascript:' is niet toegestaan.`;
  const expression = /expression\s*\(/i.exec(css);
  if (expression) {
    return `Regel ${lineOf(expression.index)}: 'expression(' is niet toegestaan, want het voert code uit.`;
  }

  const unclosed = unclosedBlock(css);
  if (unclosed !== undefined) return `Regel ${lineOf(unclosed)}: deze '{' wordt nergens gesloten met '}'.`;

  const syntaxErrors: Array<{ line: number; column: number }> = [];
  let ast: CssNode;
  try {
    ast = parse(css, {
      positions: true,
      onParseError: (error) => syntaxErrors.push({ line: error.line, column: error.column }),
    });
  } catch {
    return 'De CSS kan niet worden gelezen.';
  }
  if (syntaxErrors.length > 0) {
    const { line, column } = syntaxErrors[0];
    return `Regel ${line}: dit is geen geldige CSS (bij teken ${column}).`;
  }

  let problem: string | undefined;
  walk(ast, (node) => {
    if (problem) return;
    const line = node.loc?.start.line ?? 1;
    if (node.type === 'Atrule' && decoded(node.name) === 'import') {
      problem = `Regel ${line}: @import is niet toegestaan; voeg lettertypen toe als webfont.`;
    } else if (node.type === 'Url' && !isHttps(node.value)) {
      problem = `Regel ${line}: url() mag alleen naar een https://-adres verwijzen.`;
    } else if (node.type === 'Function' && decoded(node.name) === 'expression') {
      problem = `Regel ${line}: 'expression(' is niet toegestaan, want het voert code uit.`;
    } else if (node.type === 'Function' && addressFunctions.has(decoded(node.name))) {
      // image-set("…") and src("…") take addresses as plain strings.
      walk(node, (inner) => {
        if (!problem && inner.type === 'String' && !isHttps(inner.value)) {
          problem = `Regel ${line}: ${node.name}() mag alleen naar een https://-adres verwijzen.`;
        }
      });
    } else if (node.type === 'Declaration' && codeProperties.has(decoded(node.property))) {
      problem = `Regel ${line}: de eigenschap '${node.property}' is niet toegestaan, want die laadt code.`;
    }
  });
  return problem;
}

/** Functions whose string arguments are addresses, and properties that load code (old IE, old Firefox). */
const addressFunctions = new Set(['image-set', '-webkit-image-set', 'src']);
const codeProperties = new Set(['behavior', '-moz-binding']);

const decoded = (name: string) => ident.decode(name).toLowerCase();
const isHttps = (address: string) => /^https:\/\//i.test(address.trim());

/** The advanced CSS unchanged, or a 400 naming `advancedCss` with the reason. */
export function checkedAdvancedCss(css: string): string {
  const problem = advancedCssProblem(css);
  if (problem) throw badRequest(field, problem);
  return css;
}

/** The offset of the first '{' that is never closed (css-tree accepts those silently), else undefined. */
function unclosedBlock(css: string): number | undefined {
  const open: number[] = [];
  tokenize(css, (type, start) => {
    if (type === tokenTypes.LeftCurlyBracket) open.push(start);
    else if (type === tokenTypes.RightCurlyBracket) open.pop();
  });
  return open[0];
}
