/**
 * The helpers the Supabase CLI appends after `Database`, with the same names and call shapes:
 * `Tables<'courses'>` or `Tables<{ schema: 'public' }, 'courses'>`, and so on.
 */
export const helperTypes = `
type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;
type SchemaName = keyof DatabaseWithoutInternals;
type DefaultSchema = DatabaseWithoutInternals['public'];
type Section<S extends SchemaName, K extends keyof DatabaseWithoutInternals[SchemaName]> = DatabaseWithoutInternals[S][K];
type TablesAndViews<S extends SchemaName> = Section<S, 'Tables'> & Section<S, 'Views'>;
type SchemaOption = { schema: SchemaName };

export type Tables<
  NameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views']) | SchemaOption,
  Name extends NameOrOptions extends SchemaOption ? keyof TablesAndViews<NameOrOptions['schema']> : never = never,
> = NameOrOptions extends SchemaOption
  ? TablesAndViews<NameOrOptions['schema']>[Name] extends { Row: infer R } ? R : never
  : NameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[NameOrOptions] extends { Row: infer R } ? R : never
    : never;

/** The Insert or Update shape of a table named in the default schema or an explicit one. */
type TableField<NameOrOptions, Name, Field extends 'Insert' | 'Update'> = NameOrOptions extends SchemaOption
  ? Name extends keyof Section<NameOrOptions['schema'], 'Tables'>
    ? Section<NameOrOptions['schema'], 'Tables'>[Name] extends Record<Field, infer V> ? V : never
    : never
  : NameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][NameOrOptions] extends Record<Field, infer V> ? V : never
    : never;
type TableName<NameOrOptions> = NameOrOptions extends SchemaOption
  ? keyof Section<NameOrOptions['schema'], 'Tables'>
  : never;

export type TablesInsert<
  NameOrOptions extends keyof DefaultSchema['Tables'] | SchemaOption,
  Name extends TableName<NameOrOptions> = never,
> = TableField<NameOrOptions, Name, 'Insert'>;

export type TablesUpdate<
  NameOrOptions extends keyof DefaultSchema['Tables'] | SchemaOption,
  Name extends TableName<NameOrOptions> = never,
> = TableField<NameOrOptions, Name, 'Update'>;

/** A named type of the Enums or CompositeTypes section, from the default schema or an explicit one. */
type SchemaType<NameOrOptions, Name, K extends 'Enums' | 'CompositeTypes'> = NameOrOptions extends SchemaOption
  ? Name extends keyof Section<NameOrOptions['schema'], K>
    ? Section<NameOrOptions['schema'], K>[Name]
    : never
  : NameOrOptions extends keyof DefaultSchema[K]
    ? DefaultSchema[K][NameOrOptions]
    : never;
type TypeName<NameOrOptions, K extends 'Enums' | 'CompositeTypes'> = NameOrOptions extends SchemaOption
  ? keyof Section<NameOrOptions['schema'], K>
  : never;

export type Enums<
  NameOrOptions extends keyof DefaultSchema['Enums'] | SchemaOption,
  Name extends TypeName<NameOrOptions, 'Enums'> = never,
> = SchemaType<NameOrOptions, Name, 'Enums'>;

export type CompositeTypes<
  NameOrOptions extends keyof DefaultSchema['CompositeTypes'] | SchemaOption,
  Name extends TypeName<NameOrOptions, 'CompositeTypes'> = never,
> = SchemaType<NameOrOptions, Name, 'CompositeTypes'>;
`;
