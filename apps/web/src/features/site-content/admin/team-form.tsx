import { TEAM_LIMITS, TeamMemberInputSchema, type TeamMemberInput } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useForm, type FormSchema, type SubmitHelpers } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { CONTENT_ROOT, contentApi, type AdminTeamMember } from './content-api';
import { ImageUploadField } from '../../../shared/ui/image-upload-field';
import * as styles from './content.module.css';
import { FormAlert } from '../../../shared/ui/form-alert';

type MemberField = 'name' | 'role' | 'bio' | 'photoId';

/** The form's text values through the shared schema ('' is no photo). */
const MemberFormSchema: FormSchema<TeamMemberInput> = {
  safeParse: (values: unknown) => {
    const v = values as Record<MemberField, string>;
    return TeamMemberInputSchema.safeParse({ ...v, photoId: v.photoId || null });
  },
};

/** Adds someone to the team (at the end) or changes them, with an optional photo. */
export function TeamForm({ member, onDone }: { member: AdminTeamMember | null; onDone: () => void }) {
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [photo, setPhoto] = useState<string | null>(member?.photo ?? null);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (member) nameRef.current?.focus();
  }, [member]);

  const save = async (data: TeamMemberInput, { showServerErrors }: SubmitHelpers) => {
    setFailure(null);
    try {
      const saved = member ? await contentApi.updateMember(member.id, data) : await contentApi.createMember(data);
      showToast(`${saved.member.name} saved.`, 'success');
      await client.invalidateQueries({ queryKey: CONTENT_ROOT });
      onDone();
    } catch (error) {
      const others = isApiError(error) ? showServerErrors(error.errors) : [];
      if (others.length) setFailure(others.join(' '));
      else if (!isApiError(error) || Object.keys(error.errors).length === 0) setFailure(errorMessage(error));
    }
  };
  const form = useForm<MemberField, TeamMemberInput>(MemberFormSchema, { name: member?.name ?? '', role: member?.role ?? '', bio: member?.bio ?? '', photoId: member?.photoId ?? '' }, save);
  const setPhotoId = (id: string, url: string | null) => {
    form.field('photoId').onChange({ target: { value: id } } as ChangeEvent<HTMLInputElement>);
    setPhoto(url);
  };
  const bio = form.field('bio');

  return (
    <form {...form.formProps} className={styles.contentForm} aria-labelledby="team-form-title">
      <h3 id="team-form-title" className={styles.contentFormTitle}>
        {member ? `Change ${member.name}` : 'Add someone'}
      </h3>
      <TextField {...form.field('name')} ref={nameRef} label="Name" autoComplete="off" maxLength={TEAM_LIMITS.name + 10} />
      <TextField {...form.field('role')} label="Role" maxLength={TEAM_LIMITS.role + 10} />
      <TextArea
        {...bio}
        onChange={(e) => bio.onChange({ target: { value: e.currentTarget.value } } as ChangeEvent<HTMLInputElement>)}
        label="About them (optional)"
        rows={3}
        maxChars={TEAM_LIMITS.bio}
      />
      <ImageUploadField
        label="Photo"
        required={false}
        current={photo}
        error={form.field('photoId').error}
        onUploaded={(image) => setPhotoId(image.id, image.url)}
        onRemove={() => setPhotoId('', null)}
      />
      <FormAlert>{failure}</FormAlert>
      <div className={styles.newsEditorActions}>
        <Button type="submit" loading={form.submitting}>
          {member ? 'Save' : 'Add to the team'}
        </Button>
        {member ? (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
