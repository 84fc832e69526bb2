import {
  Avatar,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Checkbox,
  DataTable,
  DatePicker,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  EmptyState,
  ErrorState,
  FileUpload,
  Input,
  Label,
  PageHeader,
  Progress,
  RadioGroup,
  RadioGroupItem,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
  Skeleton,
  Stepper,
  Switch,
  TagInput,
  Textarea,
} from '@sojourn/ui';
import { TOAST_TYPES } from '@sojourn/session';
import { useState } from 'react';
import { NavLink, useParams } from 'react-router';
import { toast } from 'react-toastify';

const SECTIONS = ['controls', 'overlays', 'data', 'feedback'] as const;

const PEOPLE = Array.from({ length: 23 }, (_, i) => ({ id: String(i + 1), name: `Traveller ${i + 1}`, city: ['Lagos', 'Accra', 'Nairobi', 'Lisbon'][i % 4]! }));

function Controls() {
  const [date, setDate] = useState<string | null>(null);
  const [tags, setTags] = useState(['English', 'Yoruba']);
  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Buttons</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="outline">Outline</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="destructive">Destructive</Button>
          <Button loading>Saving</Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Inputs</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Label htmlFor="g-input">Text</Label>
          <Input id="g-input" defaultValue="Lisbon in spring" />
          <Label htmlFor="g-area">Textarea</Label>
          <Textarea id="g-area" defaultValue="Two nights by the river, then the coast." />
          <Label htmlFor="g-tags">Tags</Label>
          <TagInput id="g-tags" value={tags} onChange={setTags} />
          <Label htmlFor="g-date">Date picker</Label>
          <DatePicker id="g-date" value={date} onChange={setDate} />
          <Select>
            <SelectTrigger aria-label="Room type">
              <SelectValue placeholder="Room type" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="single">Single</SelectItem>
              <SelectItem value="double">Double</SelectItem>
            </SelectContent>
          </Select>
          <div className="flex items-center gap-2">
            <Checkbox id="g-check" defaultChecked />
            <Label htmlFor="g-check">Checkbox</Label>
          </div>
          <div className="flex items-center gap-2">
            <Switch id="g-switch" />
            <Label htmlFor="g-switch">Switch</Label>
          </div>
          <RadioGroup defaultValue="a" aria-label="Radio">
            <div className="flex items-center gap-2">
              <RadioGroupItem id="g-ra" value="a" />
              <Label htmlFor="g-ra">Option A</Label>
            </div>
            <div className="flex items-center gap-2">
              <RadioGroupItem id="g-rb" value="b" />
              <Label htmlFor="g-rb">Option B</Label>
            </div>
          </RadioGroup>
        </CardContent>
      </Card>
      <Card className="md:col-span-2">
        <CardHeader>
          <CardTitle>File upload with preview</CardTitle>
        </CardHeader>
        <CardContent>
          <FileUpload label="Cover photo" accept={['image/jpeg', 'image/png']} maxBytes={5 * 1024 * 1024} onFileChange={() => undefined} />
        </CardContent>
      </Card>
    </div>
  );
}

function Overlays() {
  return (
    <div className="flex flex-wrap gap-2">
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="outline">Open dialog</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Dialog title</DialogTitle>
            <DialogDescription>Dialogs trap focus and close with Escape.</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>
      <Sheet>
        <SheetTrigger asChild>
          <Button variant="outline">Open sheet</Button>
        </SheetTrigger>
        <SheetContent>
          <SheetTitle>Sheet</SheetTitle>
          <SheetDescription>Slides in from the edge.</SheetDescription>
        </SheetContent>
      </Sheet>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">Open menu</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => toast.info('First item chosen')}>First item</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => toast.info('Second item chosen')}>Second item</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

function Data() {
  const [page, setPage] = useState(1);
  const rows = PEOPLE.slice((page - 1) * 5, page * 5);
  return (
    <DataTable
      caption="Sample travellers"
      columns={[
        { key: 'name', header: 'Name', cell: (r) => <span className="flex items-center gap-2"><Avatar name={r.name} size="sm" />{r.name}</span> },
        { key: 'city', header: 'City', cell: (r) => r.city },
        { key: 'badge', header: 'Status', cell: () => <Badge variant="success">Active</Badge> },
      ]}
      rows={rows}
      rowKey={(r) => r.id}
      page={page}
      perPage={5}
      total={PEOPLE.length}
      onPageChange={setPage}
      empty={{ title: 'No travellers' }}
    />
  );
}

function Feedback() {
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        {TOAST_TYPES.map((t) => (
          <Button key={t} variant="outline" onClick={() => (t === 'default' ? toast(`A ${t} toast`) : toast[t](`A ${t} toast`))}>
            {t} toast
          </Button>
        ))}
      </div>
      <Stepper steps={['Account', 'Details', 'Review']} current={1} />
      <Progress value={64} label="Sample progress" />
      <div className="flex gap-2">
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-10 w-24" />
      </div>
      <EmptyState title="Nothing here yet" description="Empty states explain what will appear and how to add it." />
      <ErrorState title="Could not load" error={new Error('The server did not answer.')} onRetry={() => toast.info('Retrying')} />
    </div>
  );
}

export default function GalleryPage() {
  const { section = 'controls' } = useParams();
  const current = (SECTIONS as readonly string[]).includes(section) ? section : 'controls';
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title="Component gallery" description="Development builds only: every shared UI component in one place." />
      <nav aria-label="Gallery sections" className="flex flex-wrap gap-2">
        {SECTIONS.map((s) => (
          <NavLink key={s} to={`/trash/${s}`} className={({ isActive }) => `rounded-full border px-3 py-1 text-sm capitalize ${isActive || (s === 'controls' && current === s) ? 'bg-accent text-accent-foreground' : ''}`}>
            {s}
          </NavLink>
        ))}
      </nav>
      {current === 'controls' && <Controls />}
      {current === 'overlays' && <Overlays />}
      {current === 'data' && <Data />}
      {current === 'feedback' && <Feedback />}
    </div>
  );
}
