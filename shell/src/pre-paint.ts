// Build-time only (shell/webpack.config.ts): the one inline script of index.html, run in <head> before the first
// paint. The server allows exactly its text in the page's CSP by hash (server/src/routes/static/spa.ts), so it holds
// no data: what changes with each deploy comes in the data element beside it (shared-rules/src/start-chain.ts).
import { ROLES_WITH_OWN_APP } from '@kelasku/shared-rules/src/roles';
import { FETCHED_FILE, START_CHAIN_ELEMENT_ID } from '@kelasku/shared-rules/src/start-chain';
import { SHELL_PAGES } from './routing';

/** Added to <html> when the prerendered login page must not show (shell/prerender-login.tsx hides it by CSS). */
export const NO_PRERENDER_CLASS = 'kelasku-no-prerender';

/**
 * 1. The gate: a visitor who is signed in, or who opened another path, would otherwise see the login page flash
 *    before the app shows the right screen. "token" is the key shared-api/src/session.ts stores the session under.
 * 2. The chain: a signed-in visitor's browser starts on the role's files at once — the shell's signed-in code, the
 *    role's mf-manifest.json, remoteEntry.js and App — instead of one round trip after another once main.js has run.
 *    The role is chosen as the shell's warm start chooses it (routing.ts warmStartRole over session.ts
 *    getSignedInUser: a stored, unexpired user, not on a shell page; shared-rules appRoleOf); pre-paint.test.ts holds
 *    the two together. Preloads as the real loads ask: scripts without crossorigin (webpack's and Module Federation's
 *    script tags set none), the manifest as fetch() reads it (CORS mode). Signed out: nothing is added.
 */
export const PRE_PAINT_SCRIPT = [
  `try{if(location.pathname!=="/"||localStorage.getItem("token"))document.documentElement.classList.add("${NO_PRERENDER_CLASS}")}catch(e){}`,
  'try{(function(d,s,p){',
  'var u=s.getItem("token")&&JSON.parse(s.getItem("userData")||"null");',
  'if(!u||typeof u.exp==="number"&&u.exp*1e3<=Date.now()||',
  `${JSON.stringify(SHELL_PAGES)}.indexOf(p.replace(/\\/+$/,""))>=0)return;`,
  `var c=JSON.parse(d.getElementById("${START_CHAIN_ELEMENT_ID}").textContent||"null"),`,
  `f=c&&c.files&&c.files[${JSON.stringify(ROLES_WITH_OWN_APP)}.indexOf(u.role)>=0?u.role:"student"]||[];`,
  `for(var i=0;i<f.length;i++){var l=d.createElement("link"),j=${String(FETCHED_FILE)}.test(f[i]);`,
  'l.rel="preload";l.setAttribute("as",j?"fetch":"script");if(j)l.setAttribute("crossorigin","anonymous");',
  'l.href=f[i];d.head.appendChild(l)}',
  '})(document,localStorage,location.pathname)}catch(e){}',
].join('');
