/**
 * Where attention-health finds and how it reads session logs (its spec §1.9, §2.1–2.4): the
 * highest-generation log of a session directory, the newest-first listing, the selection of a target
 * (path, id or part of one, else the current directory's newest) and the wording of a read's
 * problems. The one path the command line, the HTTP routes and the live plugin share.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.attention.sessions;

import org.apiguardian.api.API;
