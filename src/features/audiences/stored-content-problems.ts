/**
 * When the checks refuse an agent's result, the cause is most often a value the page or the audience
 * already holds (written before pages were checked at the door). Naming that value, with the member
 * an operator has to correct, turns "the output was refused" into something an integrator can act on.
 */
import type { AudienceVersionsTable, Db } from '../../db/schema.js';
import { CONTENT_LIMITS, isHttpUrl } from '../../domain/audience-content.js';
import { pageContentProblems } from '../pages/page-content.js';
import { findPage } from '../pages/pages.repository.js';
import { pageActions } from '../pages/pages.schemas.js';
import { findAudienceById } from './audiences.repository.js';

export async function storedContentProblems(db: Db, version: AudienceVersionsTable): Promise<string[]> {
  const audience = await findAudienceById(db, version.tenant_id, version.audience_id);
  if (audience === undefined) return [];
  const page = await findPage(db, version.tenant_id, audience.page_id);
  if (page === undefined) return [];
  const actions = pageActions(page);
  const problems = pageContentProblems({ actions, headerActionId: page.header_action_id }, []).map(
    (p) => `the page's ${p.pointer?.slice(1)}: ${p.detail}`,
  );
  actions.forEach((action, i) => {
    if (action.buttonTitle.length > CONTENT_LIMITS.buttonTitle) {
      problems.push(
        `the page's actions/${i}/buttonTitle: at most ${CONTENT_LIMITS.buttonTitle} characters (it has ${action.buttonTitle.length})`,
      );
    }
  });
  const override = audience.action_url_override;
  if (override !== null && override !== '' && !isHttpUrl(override)) {
    problems.push(
      `the audience's actionUrlOverride: "${override.slice(0, 80)}" is not an absolute http(s) URL`,
    );
  }
  return problems;
}
