import type { EmployeeDto, EndUserDto } from '../../lib/domain/auth.ts';
import type { RoleName, User } from '../db/schema.ts';

export function toEndUserDto(row: User): EndUserDto {
  return {
    EndUserId: row.id,
    FullName: row.full_name,
    Email: row.email,
    Phone: row.phone,
    AddressLine1: row.address_line1,
    AddressLine2: row.address_line2,
    City: row.city,
    State: row.state,
    PostalCode: row.postal_code,
  };
}

export function toEmployeeDto(row: User, roles: readonly RoleName[]): EmployeeDto {
  return { EmployeeId: row.id, FullName: row.full_name, Email: row.email, Phone: row.phone, Roles: [...roles] };
}
