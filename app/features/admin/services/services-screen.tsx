/**
 * The services screen (decision 014): the offer as a tree, each top-level service followed by its
 * sub-services, in the order of the public site. Per service: move up/down within its level,
 * show/hide on the site, edit, delete; per top-level service: add a sub-service.
 */
import { useQuery } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import type { AdminService } from '#common/schemas/admin.ts';
import { ServiceIcon } from '~/components/service-icon';
import { QueryStates, rowsSkeleton } from '../kit/admin-list';
import { Badge } from '../kit/badge';
import { NewItemButton } from '../kit/buttons';
import { IconButton } from '../kit/icon-button';
import { OrderedList, OrderedRow } from '../kit/ordered-content';
import { AdminPageHeader, Card } from '../kit/page';
import { adminServicesQuery, moveServiceMutation, toggleServiceMutation } from './data';
import { DeleteServiceDialog } from './delete-service-dialog';
import { ServiceFormDialog, type ServiceFormTarget } from './service-form';

type Branch = { id: string; service: AdminService; children: AdminService[] };

/** The flat list (already in tree order) as branches; a child whose parent is missing is shown alone. */
function toTree(services: AdminService[]): Branch[] {
  const ids = new Set(services.map((s) => s.id));
  const roots = services.filter((s) => s.parentServiceId === null || !ids.has(s.parentServiceId));
  return roots.map((service) => ({
    id: service.id,
    service,
    children: services.filter((s) => s.parentServiceId === service.id),
  }));
}

export function ServicesScreen() {
  const list = useQuery(adminServicesQuery);
  const [formTarget, setFormTarget] = useState<ServiceFormTarget | null>(null);
  const [toDelete, setToDelete] = useState<AdminService | null>(null);
  const services = list.data?.services ?? [];
  const tree = toTree(services);

  return (
    <>
      <AdminPageHeader
        title="Services"
        description="L’offre présentée sur le site : les services principaux et leurs sous-services, dans l’ordre affiché."
        actions={
          <NewItemButton onClick={() => setFormTarget({ parentServiceId: null })} label="Nouveau service" />
        }
      />
      <Card>
        <QueryStates
          query={list}
          skeleton={rowsSkeleton('h-24 md:h-11')}
          isEmpty={() => tree.length === 0}
          empty={{
            title: 'Aucun service pour le moment.',
            children:
              'Créez un premier service principal : il apparaîtra sur la page Services et dans les formulaires de devis.',
          }}
        >
          {() => (
            <OrderedList items={tree} label="Arborescence des services" busy={list.isFetching}>
              {(branch, index) => (
                <>
                  <ServiceRow
                    service={branch.service}
                    first={index === 0}
                    last={index === tree.length - 1}
                    onEdit={() => setFormTarget({ service: branch.service })}
                    onDelete={() => setToDelete(branch.service)}
                    onAddChild={() => setFormTarget({ parentServiceId: branch.service.id })}
                  />
                  {branch.children.length > 0 ? (
                    <ul
                      className="mt-2 ml-4 space-y-2 border-l-2 border-gray-100 pl-3 sm:ml-6 sm:pl-4"
                      aria-label={`Sous-services de ${branch.service.title}`}
                    >
                      {branch.children.map((child, childIndex) => (
                        <li key={child.id}>
                          <ServiceRow
                            service={child}
                            parentHidden={!branch.service.isActive}
                            first={childIndex === 0}
                            last={childIndex === branch.children.length - 1}
                            onEdit={() => setFormTarget({ service: child })}
                            onDelete={() => setToDelete(child)}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </>
              )}
            </OrderedList>
          )}
        </QueryStates>
      </Card>
      <ServiceFormDialog target={formTarget} services={services} onClose={() => setFormTarget(null)} />
      <DeleteServiceDialog service={toDelete} services={services} onClose={() => setToDelete(null)} />
    </>
  );
}

function ServiceRow({
  service,
  parentHidden = false,
  first,
  last,
  onEdit,
  onDelete,
  onAddChild,
}: {
  service: AdminService;
  parentHidden?: boolean;
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onAddChild?: () => void;
}) {
  const child = service.parentServiceId !== null;
  return (
    <OrderedRow
      item={service}
      name={service.title}
      testId="service-row"
      first={first}
      last={last}
      mutations={{ move: moveServiceMutation, toggle: toggleServiceMutation }}
      onEdit={onEdit}
      onDelete={onDelete}
      extra={
        onAddChild ? (
          <IconButton
            label={`Ajouter un sous-service à « ${service.title} »`}
            tooltip="Ajouter un sous-service"
            onClick={onAddChild}
          >
            <Plus className="size-4" aria-hidden="true" />
          </IconButton>
        ) : null
      }
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <ServiceIcon icon={service.icon} title={service.title} className={child ? 'size-9' : 'size-11'} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className={child ? 'font-medium text-gray-900' : 'font-semibold text-gray-900'}>
              {service.title}
            </span>
            {!service.isActive ? (
              <Badge tone="gray">Masqué</Badge>
            ) : parentHidden ? (
              <Badge tone="amber">Masqué avec son parent</Badge>
            ) : null}
          </p>
          <p className="line-clamp-1 text-sm text-gray-600">{service.description}</p>
        </div>
      </div>
    </OrderedRow>
  );
}
