"""The HTML report's style sheet: layout, the score and count bars, the criteria's colours, the
marked sentences of the source lines, and the narrow-screen rules. Inline in the page, since its
Content-Security-Policy allows no external asset."""

STYLE = """
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:76rem;padding:1rem;color:#1d1d1f;background:#fff}
h1{font-size:1.6rem;margin:.2em 0}h2{font-size:1.25rem;margin:1.6em 0 .4em}h3{font-size:1.05rem;margin:1em 0 .3em}
a{color:#0b57d0}small,.muted{color:#5f6368}
nav.top{display:flex;flex-wrap:wrap;gap:.4em 1.2em;margin:.3em 0 1em}
.path,.sym,code{overflow-wrap:anywhere}
code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;\
background:#f1f3f4;padding:0 .25em;border-radius:3px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:1rem}
.card{border:1px solid #dadce0;border-radius:8px;padding:.6rem .9rem;min-width:0}
.card h2,.card h3{margin-top:0}
table{border-collapse:collapse;width:100%}
td,th{padding:3px 6px;border-bottom:1px solid #e8eaed;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;white-space:nowrap}
.big{font-size:2rem;font-weight:700}
.bar{background:#e8eaed;border-radius:3px;height:.8em;min-width:3rem;margin-top:.35em}
.bar>span{display:block;height:100%;border-radius:3px;background:#1e8e3e}
.bar.mid>span{background:#f29900}.bar.low>span{background:#d93025}
.bar>span.C1{background:#d93025}.bar>span.C2{background:#e37400}.bar>span.C3{background:#8430ce}
.bar>span.C4{background:#1a73e8}
ul.rules{list-style:none;padding:0;margin:0;columns:17rem}ul.rules li{break-inside:avoid;padding:1px 0}
.chart{list-style:none;padding:0;margin:0}
.chart li{display:grid;grid-template-columns:minmax(0,1.2fr) minmax(3rem,1fr) 3.4em;gap:.5em;padding:2px 0}
.chart .v{text-align:right;font-variant-numeric:tabular-nums}
.badge{display:inline-block;padding:0 .45em;border-radius:4px;font-weight:700;font-size:.85em;\
color:#fff;background:#d93025}
.badge.C2{background:#e37400}.badge.C3{background:#8430ce}.badge.C4{background:#1a73e8}
fieldset{border:1px solid #dadce0;border-radius:8px;margin:0 0 .8rem;padding:.4rem .8rem;min-width:0}
fieldset label{display:inline-block;margin-right:1em;overflow-wrap:anywhere}
select{max-width:100%}
.file{border-top:2px solid #dadce0;margin-top:1.5rem}
.doc{margin:.6rem 0 1.2rem}
pre.src{background:#f8f9fa;border:1px solid #e8eaed;border-radius:6px;margin:0;padding:.4em 0;overflow-x:auto;
 font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre.src .l{display:block;padding-right:.8em}
pre.src .l::before{content:attr(data-n);display:inline-block;width:3.2em;padding-right:.8em;text-align:right;
 color:#80868b;user-select:none}
mark.flag{background:#fddede;border-bottom:2px solid #d93025;color:inherit}
mark.flag.C2{background:#fde9cc;border-bottom-color:#e37400}
mark.flag.C3{background:#efe1fb;border-bottom-color:#8430ce}
mark.flag.C4{background:#e0ecff;border-bottom-color:#1a73e8}
.finding{border-left:4px solid #d93025;background:#fff;margin:.4em 0 .7em;padding:.35em .7em;
 box-shadow:0 1px 3px rgba(0,0,0,.12);border-radius:0 6px 6px 0;overflow-wrap:anywhere}
.finding.c-C2{border-left-color:#e37400}.finding.c-C3{border-left-color:#8430ce}.finding.c-C4{border-left-color:#1a73e8}
.finding p{margin:.15em 0}.finding .msg{font-weight:600}
.fix{background:#e6f4ea;border-radius:4px;padding:.2em .5em;margin-top:.3em}
.fix pre{margin:.2em 0;white-space:pre-wrap}
.quote{font-style:italic}
details summary{cursor:pointer}
@media (max-width:40rem){body{padding:.6rem;font-size:14px}.big{font-size:1.6rem}
 td,th{padding:3px 4px}.hide-narrow{display:none}
 pre.src .l{white-space:pre-wrap;overflow-wrap:anywhere;padding-left:2.6em;text-indent:-2.6em}
 pre.src .l::before{width:2.6em;padding-right:.5em;text-indent:0}}
details#all-files{margin-top:1rem}
"""
