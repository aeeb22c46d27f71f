/**
 * The play view's styles, added to the page once (the view ships with its
 * looks, beside app.css). Sizes follow the text size, which grows with the
 * screen: piles and boards stay tappable on a 360-pixel phone and readable
 * from the back of a room on a projector.
 */
const CSS = `
.play-view { --counter: 2.2em; --accent: #1b5e9c; --win: #1f8a3b; max-width: 72em; margin: 0 auto; padding: 0.75em; font-size: clamp(16px, 0.6vw + 12px, 30px); line-height: 1.4; box-sizing: border-box; }
/* Chinese: the usual Simplified Chinese system fonts (none is shipped: the page fetches nothing). */
html:lang(zh-Hans) .play-view { font-family: "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif; }
.play-view *, .play-view *::before, .play-view *::after { box-sizing: inherit; }
.play-view header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0.5em; }
.play-view h1 { font-size: 1.4em; margin: 0.2em 0; }
.play-view button, .play-view select, .play-view input { font: inherit; }
.play-view button { min-height: 2.2em; padding: 0.2em 0.8em; border: 1px solid #777; border-radius: 0.3em; background: #f4f4f4; color: inherit; cursor: pointer; }
.play-view button:disabled { cursor: default; opacity: 0.55; }
.play-view button.primary { background: var(--accent); color: #fff; border-color: var(--accent); }
.play-view :focus-visible { outline: 3px solid #e0a000; outline-offset: 2px; }
.play-view .setup > summary { cursor: pointer; font-weight: 600; margin-bottom: 0.3em; }
.play-view .settings { display: grid; grid-template-columns: repeat(auto-fit, minmax(12em, 1fr)); gap: 0.5em 1em; padding: 0.6em; border: 1px solid #ccc; border-radius: 0.4em; }
.play-view .settings label { display: flex; flex-direction: column; gap: 0.15em; min-width: 0; }
.play-view .settings label.check { flex-direction: row; align-items: center; gap: 0.4em; }
.play-view .settings small { color: #555; font-size: 0.8em; }
.play-view .settings input[type=text], .play-view .settings input[type=number], .play-view .settings select { width: 100%; min-height: 2em; }
.play-view .settings .buttons { display: flex; flex-wrap: wrap; gap: 0.5em; align-items: end; }
.play-view .rule-line { margin: 0.6em 0 0; color: #444; }
.play-view .status { font-size: 1.15em; font-weight: 600; min-height: 1.5em; margin: 0.6em 0; }
.play-view .progress { margin: 0.2em 0 0.6em; opacity: 0.8; font-variant-numeric: tabular-nums; }
.play-view [hidden] { display: none !important; }
.play-view[data-state=won] .status { color: var(--win); }
.play-view[data-state=lost] .status { color: #b3261e; }
.play-view .components { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-end; }
.play-view figure { margin: 0; display: flex; flex-direction: column; align-items: center; gap: 0.3em; max-width: 100%; }
.play-view figcaption { font-size: 0.9em; text-align: center; }
.play-view .counters { display: flex; flex-direction: column; gap: 0.15em; align-items: center; }
.play-view .counter { width: var(--counter); height: calc(var(--counter) * 0.6); min-height: 0; padding: 0; border-radius: 50%; background: #d9a441; border: 2px solid #8a5a12; }
.play-view .counter:disabled { opacity: 0.45; }
/* Hovering or focusing counter k shows the k counters it takes. */
.play-view .counter:not(:disabled):hover, .play-view .counter:not(:disabled):focus-visible, .play-view .counters:has(.counter:not(:disabled):hover) .counter:has(~ .counter:hover), .play-view .counters:has(.counter:focus-visible) .counter:has(~ .counter:focus-visible) { background: #f3d27a; border-color: #c0392b; }
.play-view .winning { box-shadow: 0 0 0 0.22em var(--win); }
.play-view .counter.winning { border-color: var(--win); }
.play-view .choice { display: flex; flex-direction: column; gap: 0.3em; max-width: 18em; }
.play-view .choice p { margin: 0; font-size: 0.9em; }
.play-view .board { display: grid; grid-template-columns: repeat(var(--side), minmax(0, 1fr)); grid-template-rows: repeat(var(--side), minmax(0, 1fr)); width: min(calc(var(--side) * 2.4em), calc(100vw - 3em), 80vh); aspect-ratio: 1; border: 2px solid #444; }
.play-view .square { min-width: 0; min-height: 0; overflow: hidden; padding: 0; border: 0; border-radius: 0; background: #f0dcb4; display: flex; align-items: center; justify-content: center; font-size: 1.3em; line-height: 1; }
.play-view .square.dark { background: #c89f6a; }
.play-view .square.queen { color: #222; font-size: 1.6em; }
.play-view .square.goal { background-image: radial-gradient(circle, #1b5e9c55 30%, transparent 32%); }
.play-view .square.target { background-color: #bcd7f0; cursor: pointer; }
.play-view .square.target.dark { background-color: #93bde3; }
.play-view .square.target:hover, .play-view .square.target:focus-visible { background-color: #f3d27a; }
.play-view .square.target:disabled { background-color: #f0dcb4; }
.play-view .square.target.dark:disabled { background-color: #c89f6a; }
.play-view .square.winning { box-shadow: inset 0 0 0 0.22em var(--win); }
.play-view .moves { display: flex; flex-wrap: wrap; gap: 0.3em; max-width: 36em; }
.play-view .note { font-size: 0.85em; color: #444; max-width: 24em; margin: 0; }
.play-view .actions { display: flex; gap: 0.6em; margin: 0.8em 0; }
.play-view .hint { border-left: 0.3em solid var(--win); padding: 0 0.8em; }
.play-view .hint:empty { display: none; }
.play-view .hint .heading { font-weight: 600; margin-bottom: 0.2em; }
.play-view .hint ul { margin-top: 0; padding-left: 1.2em; display: flex; flex-direction: column; gap: 0.3em; }
.play-view .hint-move { text-align: left; }
.play-view .moves-played { margin-top: 0.8em; }
/* A phone: captions take two lines, so five piles stand side by side. */
@media (max-width: 480px) { .play-view { --counter: 1.8em; padding: 0.4em; } .play-view .components { gap: 0.5em; } .play-view .pile figcaption { font-size: 0.8em; max-width: 4.2em; } }
`;

export function installPlayStyle(): void {
  if (document.getElementById('play-style')) return;
  const style = document.createElement('style');
  style.id = 'play-style';
  style.textContent = CSS;
  document.head.append(style);
}
