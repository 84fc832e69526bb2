import { Avatar, Badge } from '@sojourn/ui';
import type * as React from 'react';
import { personName, type SocialPerson } from './api';

/** A person as the friends screens show them: picture, name, username, and actions on the right. */
export function PersonRow({ person, detail, children }: { person: SocialPerson; detail?: React.ReactNode; children?: React.ReactNode }) {
  const name = personName(person);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-3 sm:flex-nowrap">
      <Avatar src={person.avatar_url || null} name={name} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{name}</span>
          {person.is_provider && <Badge variant="secondary">Provider</Badge>}
        </p>
        <p className="truncate text-sm text-muted-foreground">@{person.username}</p>
        {detail && <div className="text-sm text-muted-foreground">{detail}</div>}
      </div>
      {children && <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:justify-end">{children}</div>}
    </div>
  );
}
