/** /admin/emails/templates: every email template, the site's own (built-in) ones first marked. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable, QueryStates, rowsSkeleton } from '../kit/admin-list';
import { Badge } from '../kit/badge';
import { NewItemButton } from '../kit/buttons';
import { formatDateTime } from '../kit/dates';
import { AdminPageHeader, Card } from '../kit/page';
import { TemplateSubjectText } from './composer/template-subject-text';
import { templatesQuery } from './data';

export function TemplateListScreen() {
  const templates = useQuery(templatesQuery);
  return (
    <>
      <AdminPageHeader
        title="Modèles d’email"
        description="Les emails du site (confirmation, bienvenue, notification...) et ceux des campagnes, écrits bloc par bloc ou en MJML."
        actions={<NewItemButton to="/admin/emails/templates/new" label="Nouveau modèle" />}
      />
      <Card className="p-0">
        <QueryStates
          query={templates}
          skeleton={rowsSkeleton('h-28 px-4 md:h-[4.5rem]', true)}
          isEmpty={(data) => data.length === 0}
          empty={{ title: 'Aucun modèle d’email' }}
        >
          {(data) => (
            <DataTable
              head="boxed"
              items={data}
              rowKey={(template) => template.id}
              columns={[
                {
                  header: 'Nom',
                  className: 'px-4 py-3',
                  cell: (template) => (
                    <>
                      <div className="flex flex-wrap items-center gap-2">
                        <Link
                          to={`/admin/emails/templates/${template.id}`}
                          className="font-medium text-brand-800 hover:underline"
                        >
                          {template.name}
                        </Link>
                        {template.builtIn ? <Badge tone="blue">Intégré</Badge> : null}
                      </div>
                      <p className="mt-0.5 text-xs break-words text-gray-600">
                        <TemplateSubjectText subject={template.subject} />
                      </p>
                    </>
                  ),
                },
                {
                  header: 'Clé',
                  from: 'sm',
                  className: 'px-4 py-3 font-mono text-xs text-gray-700',
                  cell: (template) => template.key,
                },
                {
                  header: 'Modifié le',
                  from: 'md',
                  className: 'px-4 py-3 text-gray-700',
                  cell: (template) => formatDateTime(template.updatedAt),
                },
              ]}
            />
          )}
        </QueryStates>
      </Card>
    </>
  );
}
