/** /admin/emails/templates: every email template, the site's own (built-in) ones first marked. */
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { AdminPageHeader, Badge, Card, EmptyState, ErrorState, formatDateTime, LoadingState } from '../ui';
import { templatesQuery } from './data';

export function TemplateListScreen() {
  const templates = useQuery(templatesQuery);
  return (
    <>
      <AdminPageHeader
        title="Modèles d'email"
        description="Les emails du site (confirmation, bienvenue, notification...) et ceux des campagnes, en MJML avec variables."
        actions={
          <Button asChild size="sm">
            <Link to="/admin/emails/templates/new">
              <Plus className="size-4" aria-hidden="true" />
              Nouveau modèle
            </Link>
          </Button>
        }
      />
      <Card className="p-0">
        {templates.isPending ? (
          <LoadingState />
        ) : templates.isError ? (
          <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
        ) : templates.data.length === 0 ? (
          <EmptyState title="Aucun modèle d'email" />
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Nom
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  Clé
                </th>
                <th scope="col" className="hidden px-4 py-3 md:table-cell">
                  Modifié le
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {templates.data.map((template) => (
                <tr key={template.id} className="hover:bg-gray-50">
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={`/admin/emails/templates/${template.id}`}
                        className="font-medium text-brand-800 hover:underline"
                      >
                        {template.name}
                      </Link>
                      {template.builtIn ? <Badge tone="blue">Intégré</Badge> : null}
                    </div>
                    <p className="mt-0.5 text-xs break-words text-gray-600">{template.subject}</p>
                  </td>
                  <td className="hidden px-4 py-3 font-mono text-xs text-gray-700 sm:table-cell">
                    {template.key}
                  </td>
                  <td className="hidden px-4 py-3 text-gray-700 md:table-cell">
                    {formatDateTime(template.updatedAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  );
}
